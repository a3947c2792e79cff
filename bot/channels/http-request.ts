import * as http from 'node:http';
import * as https from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';

export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface HttpRequestInit {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string | Buffer;
  timeoutMs: number;
}

/**
 * Kept-alive connections per origin, at most this many at once (the rest queue): a burst of
 * reminders reuses a few dozen connections instead of opening one per message. Idle ones close
 * after 4 s, and Node's agent closes them earlier when the server's Keep-Alive hint says so, so
 * a request is not written on a connection the server is closing.
 */
const agentOptions = { keepAlive: true, maxSockets: 64, timeout: 4000 };
const agents = { 'http:': new http.Agent(agentOptions), 'https:': new https.Agent(agentOptions) };

/**
 * One HTTP request with node:http(s), the whole answer read into a buffer. Used for provider APIs
 * on the send path instead of fetch(), whose web streams and abort signals cost several times
 * the CPU per request, which adds up at the top of the hour. Rejects on a network failure or
 * after `timeoutMs`; any HTTP status resolves.
 */
export function httpRequest(url: string, init: HttpRequestInit): Promise<HttpAnswer> {
  const u = new URL(url);
  const transport = u.protocol === 'https:' ? https : u.protocol === 'http:' ? http : null;
  if (!transport) return Promise.reject(new Error(`Unsupported URL scheme ${u.protocol}`));
  const body = init.body === undefined ? undefined : typeof init.body === 'string' ? Buffer.from(init.body) : init.body;
  return new Promise<HttpAnswer>((resolve, reject) => {
    const req = transport.request(
      {
        protocol: u.protocol,
        hostname: u.hostname,
        port: u.port,
        path: `${u.pathname}${u.search}`,
        method: init.method,
        agent: agents[u.protocol as 'http:' | 'https:'],
        headers: { ...init.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: chunks.length === 1 ? chunks[0] : Buffer.concat(chunks) });
        });
        res.on('error', fail);
      },
    );
    const timer = setTimeout(() => req.destroy(new Error(`no answer within ${init.timeoutMs} ms`)), init.timeoutMs);
    function fail(e: Error): void {
      clearTimeout(timer);
      reject(e);
    }
    req.on('error', fail);
    req.end(body);
  });
}

/**
 * A `fetch` for SDKs that take one (the WhatsApp library): requests whose body is absent, a string
 * or bytes (every message send, media lookups and downloads) go through `httpRequest` on the
 * kept-alive agents; anything else (a FormData upload, made ahead of time) through the global
 * fetch. Every request is bounded by `timeoutMs`; a network failure or timeout rejects.
 */
export function keptAliveFetch(timeoutMs: number): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const body = init?.body;
    const method = (init?.method ?? 'GET').toUpperCase();
    if ((body != null && typeof body !== 'string' && !(body instanceof Uint8Array)) || (method !== 'GET' && method !== 'POST') || typeof input === 'object' && !(input instanceof URL)) {
      return fetch(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(timeoutMs) });
    }
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, key) => (headers[key] = value));
    const answer = await httpRequest(url, { method, headers, body: body == null ? undefined : typeof body === 'string' ? body : Buffer.from(body), timeoutMs });
    const responseHeaders = new Headers();
    for (const [key, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) responseHeaders.append(key, v);
    }
    const empty = answer.status === 204 || answer.status === 304;
    return new Response(empty ? null : new Uint8Array(answer.body), { status: answer.status, headers: responseHeaders });
  };
}
