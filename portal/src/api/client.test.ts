import { installFakeFetch, errorBody } from '../testing/fake-fetch';
import { ApiError } from './api-error';
import { api } from './client';

describe('API client (SPEC §7)', () => {
  it('sends JSON with credentials and returns the parsed answer', async () => {
    installFakeFetch(() => ({ status: 200, body: { id: 1 } }));
    await expect(api.post('/api/x', { a: 1 })).resolves.toEqual({ id: 1 });
    const [, init] = (globalThis.fetch as jest.Mock).mock.calls[0];
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"a":1}' });
    expect(init.headers['Content-Type']).toBe('application/json');
  });

  it('turns a non-2xx answer into an error "<status>: <text>" carrying the parsed body', async () => {
    installFakeFetch(() => ({ status: 409, body: errorBody(409, 'This username or phone number already exists') }));
    const err = await api.post('/api/register', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(409);
    expect((err as ApiError).message).toBe(
      '409: {"statusCode":409,"error":"Conflict","message":"This username or phone number already exists"}',
    );
    expect((err as ApiError).serverMessage).toBe('This username or phone number already exists');
  });

  it("sends the page's language (<html lang>) as Accept-Language, and none when the page has no language", async () => {
    installFakeFetch(() => ({ status: 200, body: [] }));
    document.documentElement.lang = 'en';
    await api.get('/api/reminders');
    expect((globalThis.fetch as jest.Mock).mock.calls[0][1].headers['Accept-Language']).toBe('en');
    document.documentElement.lang = 'fr';
    await api.get('/api/reminders');
    expect((globalThis.fetch as jest.Mock).mock.calls[1][1].headers['Accept-Language']).toBe('fr');
    document.documentElement.lang = '';
    await api.get('/api/reminders');
    expect((globalThis.fetch as jest.Mock).mock.calls[2][1].headers).not.toHaveProperty('Accept-Language');
  });

  it('uses the status text when the body is empty', async () => {
    installFakeFetch(() => ({ status: 502 }));
    await expect(api.get('/api/x')).rejects.toThrow('502: 502');
  });
});
