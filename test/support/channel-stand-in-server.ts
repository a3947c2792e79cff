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
  /** When the request had been read in full (epoch ms). */
  at: number;
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
  } else if (type.startsWith('multipart/form-data')) {
    parseMultipart(raw, type, fields, files);
  } else if (type.startsWith('application/x-www-form-urlencoded')) {
    for (const [k, v] of new URLSearchParams(raw.toString('utf8'))) fields[k] = v;
  }
  return { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, raw, fields, files, at: Date.now() };
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

/**
 * A lenient multipart/form-data reader. Undici's own parser rejects what grammY writes (unquoted
 * filename, no space after header colons) although the real Bot API accepts it, so the stand-in
 * parses like a server would: headers up to the blank line, content up to the next boundary.
 */
function parseMultipart(raw: Buffer, contentType: string, fields: Record<string, unknown>, files: Record<string, UploadedFile>): void {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  if (!boundary) throw new Error('multipart without boundary');
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  let start = raw.indexOf(delimiter);
  while (start >= 0) {
    const partStart = start + delimiter.length;
    if (raw.subarray(partStart, partStart + 2).toString() === '--') break;
    const next = raw.indexOf(delimiter, partStart);
    if (next < 0) break;
    const part = raw.subarray(partStart + 2, next - 2); // skip CRLF after the delimiter and before the next one
    const headerEnd = part.indexOf('\r\n\r\n');
    const headers = part.subarray(0, headerEnd).toString('utf8');
    const body = part.subarray(headerEnd + 4);
    const disposition = /content-disposition:\s*form-data(.*)/i.exec(headers)?.[1] ?? '';
    const name = /;\s*name=(?:"([^"]*)"|([^;\r\n]+))/i.exec(disposition);
    const filename = /;\s*filename=(?:"([^"]*)"|([^;\r\n]+))/i.exec(disposition);
    const partType = /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim() ?? 'application/octet-stream';
    const key = name ? (name[1] ?? name[2]).trim() : '';
    if (filename) files[key] = { filename: (filename[1] ?? filename[2]).trim(), type: partType, data: Buffer.from(body) };
    else fields[key] = body.toString('utf8');
    start = next;
  }
}
