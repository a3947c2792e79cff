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
 * kept-alive agents and answer with a `ReadResponse`; anything else (a FormData upload, made ahead
 * of time) through the global fetch. Every request is bounded by `timeoutMs`; a network failure or
 * timeout rejects.
 */
export function keptAliveFetch(timeoutMs: number): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const body = init?.body;
    const method = (init?.method ?? 'GET').toUpperCase();
    if ((body != null && typeof body !== 'string' && !(body instanceof Uint8Array)) || (method !== 'GET' && method !== 'POST') || (typeof input === 'object' && !(input instanceof URL))) {
      return fetch(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(timeoutMs) });
    }
    const answer = await httpRequest(url, { method, headers: plainHeaders(init?.headers), body: body == null ? undefined : typeof body === 'string' ? body : Buffer.from(body), timeoutMs });
    return new ReadResponse(answer) as unknown as Response;
  };
}

/** Request headers as a plain object: a plain object (what SDKs pass) is copied as is, without building a `Headers`. */
function plainHeaders(h: RequestInit['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  if (!h) return out;
  if (h instanceof Headers || Array.isArray(h)) {
    new Headers(h).forEach((value, key) => (out[key] = value));
    return out;
  }
  for (const [key, value] of Object.entries(h)) if (value !== undefined) out[key.toLowerCase()] = String(value);
  return out;
}

/**
 * The part of the fetch `Response` that SDKs read (status, ok, headers.get/has/forEach, json,
 * text, arrayBuffer), over an answer already read into a buffer. A web `Response` would wrap the
 * buffer in a web stream and copy the headers into a `Headers`: at the top of the hour that was
 * a tenth of a send's CPU.
 */
export class ReadResponse {
  readonly status: number;
  readonly ok: boolean;
  readonly statusText = '';
  readonly redirected = false;
  readonly type = 'basic';
  readonly url = '';
  readonly headers: Pick<Headers, 'get' | 'has' | 'forEach'>;
  private used = false;

  constructor(private readonly answer: HttpAnswer) {
    this.status = answer.status;
    this.ok = answer.status >= 200 && answer.status < 300;
    const raw = answer.headers;
    this.headers = {
      get: (name: string) => {
        const v = raw[name.toLowerCase()];
        return v === undefined ? null : Array.isArray(v) ? v.join(', ') : String(v);
      },
      has: (name: string) => raw[name.toLowerCase()] !== undefined,
      forEach: (cb: (value: string, key: string, parent: Headers) => void) => {
        for (const [key, v] of Object.entries(raw)) if (v !== undefined) cb(Array.isArray(v) ? v.join(', ') : String(v), key, undefined as unknown as Headers);
      },
    };
  }

  get bodyUsed(): boolean {
    return this.used;
  }

  private take(): Buffer {
    if (this.used) throw new TypeError('Body is unusable: Body has already been read');
    this.used = true;
    return this.status === 204 || this.status === 304 ? Buffer.alloc(0) : this.answer.body;
  }

  async text(): Promise<string> {
    return this.take().toString('utf8');
  }

  async json(): Promise<unknown> {
    return JSON.parse(this.take().toString('utf8'));
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const b = this.take();
    return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
  }
}
