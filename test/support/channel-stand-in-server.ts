import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface UploadedFile {
  filename: string;
  type: string;
  data: Buffer;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  raw: Buffer;
  /** JSON bodies, or multipart text fields. */
  fields: Record<string, unknown>;
  files: Record<string, UploadedFile>;
}

/** Reads and decodes a request body the way the real providers accept it: JSON, form or multipart. */
export async function readRequest(req: IncomingMessage): Promise<RecordedRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  const url = new URL(req.url ?? '/', 'http://stand-in');
  const type = String(req.headers['content-type'] ?? '');
  const fields: Record<string, unknown> = {};
  const files: Record<string, UploadedFile> = {};
  if (type.startsWith('application/json') && raw.length > 0) {
    Object.assign(fields, JSON.parse(raw.toString('utf8')));
  } else if (type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded')) {
    const form = await new Response(raw, { headers: { 'content-type': type } }).formData();
    for (const [name, value] of form.entries()) {
      if (typeof value === 'string') fields[name] = value;
      else files[name] = { filename: value.name, type: value.type, data: Buffer.from(await value.arrayBuffer()) };
    }
  }
  return { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, raw, fields, files };
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** Starts a loopback server on a random port; returns its origin and a closer. */
export async function listen(
  handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
): Promise<{ origin: string; server: Server }> {
  const server = createServer((req, res) => {
    handler(req, res).catch((err: Error) => {
      if (!res.headersSent) sendJson(res, 500, { error: { message: `stand-in failure: ${err.message}` } });
      else res.destroy(err);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, server };
}

export async function close(server: Server | undefined): Promise<void> {
  if (!server) return;
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
