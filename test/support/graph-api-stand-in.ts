import { createHash } from 'node:crypto';
import type { Server } from 'node:http';
import { close, listen, readRequest, type RecordedRequest, sendJson } from './channel-stand-in-server';

interface Failure {
  pathEndsWith: string;
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * A local Graph API speaking the Cloud API wire format: send messages, upload media (multipart),
 * look media up, download it with the bearer token. Records every request for assertions.
 */
export class GraphApiStandIn {
  readonly requests: RecordedRequest[] = [];
  readonly media = new Map<string, { data: Buffer; mimeType: string }>();
  origin = '';
  private server?: Server;
  private failures: Failure[] = [];
  private nextId = 1;

  constructor(
    readonly accessToken: string,
    readonly apiVersion: string,
    readonly phoneNumberId: string,
  ) {}

  async start(): Promise<string> {
    const { origin, server } = await listen(async (req, res) => {
      const r = await readRequest(req);
      this.requests.push(r);
      if (r.headers.authorization !== `Bearer ${this.accessToken}`) {
        return sendJson(res, 401, { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } });
      }
      const failure = this.failures.findIndex((f) => r.path.endsWith(f.pathEndsWith));
      if (failure >= 0) {
        const [f] = this.failures.splice(failure, 1);
        return sendJson(res, f.status, f.body, f.headers);
      }
      const base = `/${this.apiVersion}`;
      if (r.method === 'POST' && r.path === `${base}/${this.phoneNumberId}/messages`) {
        if (r.fields.messaging_product !== 'whatsapp') return graphError(res, 400, 100, 'messaging_product is required');
        const to = String(r.fields.to ?? '');
        if (!/^\d{6,15}$/.test(to)) return graphError(res, 400, 131030, 'Recipient phone number not in allowed list');
        return sendJson(res, 200, {
          messaging_product: 'whatsapp',
          contacts: [{ input: to, wa_id: to }],
          messages: [{ id: `wamid.standin${this.nextId++}` }],
        });
      }
      if (r.method === 'POST' && r.path === `${base}/${this.phoneNumberId}/media`) {
        const file = r.files.file;
        if (r.fields.messaging_product !== 'whatsapp' || !file) return graphError(res, 400, 100, 'file and messaging_product are required');
        const id = `media-${this.nextId++}`;
        this.media.set(id, { data: file.data, mimeType: String(r.fields.type ?? file.type) });
        return sendJson(res, 200, { id });
      }
      const download = /^\/download\/(.+)$/.exec(r.path);
      if (r.method === 'GET' && download) {
        const m = this.media.get(decodeURIComponent(download[1]));
        if (!m) return graphError(res, 404, 100, 'Unknown media');
        res.writeHead(200, { 'content-type': m.mimeType, 'content-length': m.data.length });
        return void res.end(m.data);
      }
      const lookup = new RegExp(`^${base}/([^/]+)$`).exec(r.path);
      if (r.method === 'GET' && lookup) {
        const id = decodeURIComponent(lookup[1]);
        const m = this.media.get(id);
        if (!m) return graphError(res, 400, 100, 'Unsupported get request. Object does not exist');
        return sendJson(res, 200, {
          messaging_product: 'whatsapp',
          url: `${this.origin}/download/${encodeURIComponent(id)}`,
          mime_type: m.mimeType,
          sha256: createHash('sha256').update(m.data).digest('hex'),
          file_size: m.data.length,
          id,
        });
      }
      return graphError(res, 404, 100, `No route ${r.method} ${r.path}`);
    });
    this.server = server;
    this.origin = origin;
    return origin;
  }

  stop(): Promise<void> {
    return close(this.server);
  }

  /** The next request whose path ends with `pathEndsWith` gets this Graph error instead. */
  failNext(pathEndsWith: string, status: number, error: { code: number; message: string }, headers: Record<string, string> = {}): void {
    this.failures.push({ pathEndsWith, status, body: { error: { ...error, type: 'OAuthException', fbtrace_id: 'AbC' } }, headers });
  }

  /** Bodies of the messages sent, in order. */
  sentMessages(): Array<Record<string, any>> {
    return this.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/messages')).map((r) => r.fields);
  }
}

function graphError(res: Parameters<typeof sendJson>[0], status: number, code: number, message: string): void {
  sendJson(res, status, { error: { message, type: 'OAuthException', code, fbtrace_id: 'AbC' } });
}
