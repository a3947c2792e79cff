import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { keptAliveFetch } from './http-request';

describe('keptAliveFetch (the WhatsApp library\'s fetch)', () => {
  let server: Server;
  let origin: string;
  const seen: Array<{ method?: string; headers: Record<string, unknown>; body: string }> = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({ method: req.method, headers: req.headers, body });
        if (req.url === '/empty') return res.writeHead(204).end();
        if (req.url === '/limited') return res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '7' }).end('{"error":{"code":4}}');
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'x-twice': ['a', 'b'] });
        res.end(JSON.stringify({ messages: [{ id: 'wamid.1' }], echo: body }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const f = keptAliveFetch(2000);

  it('sends the method, plain-object headers and body, and reads the JSON answer once', async () => {
    const res = await f(`${origin}/v21.0/1/messages`, { method: 'POST', headers: { Authorization: 'Bearer t', 'Content-Type': 'application/json' }, body: '{"to":"33"}' });
    expect(res.ok).toBe(true);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('x-twice')).toBe('a, b');
    expect(res.headers.get('missing')).toBeNull();
    expect(await res.json()).toEqual({ messages: [{ id: 'wamid.1' }], echo: '{"to":"33"}' });
    expect(res.bodyUsed).toBe(true);
    await expect(res.text()).rejects.toThrow(/already been read/);
    expect(seen.at(-1)).toMatchObject({ method: 'POST', headers: { authorization: 'Bearer t', 'content-type': 'application/json', 'content-length': '11' } });
  });

  it('takes a Headers object too, and answers an error status without throwing', async () => {
    const res = await f(`${origin}/limited`, { method: 'POST', headers: new Headers({ Authorization: 'Bearer h' }), body: new Uint8Array([123, 125]) });
    expect(res.ok).toBe(false);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('7');
    expect(JSON.parse(await res.text())).toEqual({ error: { code: 4 } });
    expect(seen.at(-1)).toMatchObject({ headers: { authorization: 'Bearer h' }, body: '{}' });
  });

  it('gives an empty body for 204 and the bytes for arrayBuffer', async () => {
    expect(await (await f(`${origin}/empty`)).text()).toBe('');
    const bytes = Buffer.from(await (await f(`${origin}/bytes`)).arrayBuffer());
    expect(JSON.parse(bytes.toString())).toMatchObject({ messages: [{ id: 'wamid.1' }] });
  });

  it('rejects when nothing answers in time', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    try {
      await expect(keptAliveFetch(200)(`http://127.0.0.1:${(silent.address() as AddressInfo).port}/x`)).rejects.toThrow(/no answer within 200 ms/);
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((r) => silent.close(() => r()));
    }
  });
});
