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

/** A multipart/form-data body of text fields and one file, as a provider's upload endpoint takes it. */
export function multipartBody(fields: Record<string, string>, file: { name: string; filename: string; type: string; data: Buffer }): { body: Buffer; contentType: string } {
  const boundary = `----rappel${Date.now().toString(16)}${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`));
  parts.push(file.data, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
