export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

export type Responder = (call: RecordedCall) => { status: number; body?: unknown } | undefined;

/**
 * Replaces global fetch with a scripted server: the responder answers each call (undefined →
 * 404 in the server's error shape) and every call is recorded for assertions.
 */
export function installFakeFetch(responder: Responder): RecordedCall[] {
  const calls: RecordedCall[] = [];
  const fake = async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const call: RecordedCall = {
      method: init?.method ?? 'GET',
      path: url.pathname + url.search,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const answer = responder(call) ?? { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Not Found' } };
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
    return {
      ok: answer.status >= 200 && answer.status < 300,
      status: answer.status,
      statusText: String(answer.status),
      text: async () => text,
    };
  };
  (globalThis as { fetch: unknown }).fetch = jest.fn(fake);
  return calls;
}

export function errorBody(statusCode: number, message: string) {
  const error = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 409: 'Conflict' }[statusCode] ?? 'Error';
  return { statusCode, error, message };
}
