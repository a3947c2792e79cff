import type { Server } from 'node:http';
import { close, listen, readRequest, sendJson, type UploadedFile } from './channel-stand-in-server';

export interface BotApiCall {
  method: string;
  /** Parameters as sent: JSON body, or multipart fields with objects JSON-decoded. */
  params: Record<string, any>;
  files: Record<string, UploadedFile>;
}

interface BotApiError {
  error_code: number;
  description: string;
  parameters?: { retry_after?: number };
}

/**
 * A local Telegram Bot API: `/bot<token>/<method>` with JSON or multipart bodies, getFile and
 * `/file/bot<token>/<path>`, getUpdates for long polling. Can be told to fail a method once.
 */
export class BotApiStandIn {
  readonly calls: BotApiCall[] = [];
  /** By file_id; `downloadStatus` makes the file endpoint fail with that status. */
  readonly files = new Map<string, { path: string; data: Buffer; downloadStatus?: number }>();
  readonly pendingUpdates: Array<Record<string, unknown>> = [];
  origin = '';
  fileDownloads = 0;
  private server?: Server;
  private failures = new Map<string, BotApiError[]>();
  private nextMessageId = 100;

  constructor(readonly token: string) {}

  async start(): Promise<string> {
    const { origin, server } = await listen(async (req, res) => {
      const r = await readRequest(req);
      const file = /^\/file\/bot([^/]+)\/(.+)$/.exec(r.path);
      if (file) {
        if (file[1] !== this.token) return sendJson(res, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
        const found = [...this.files.values()].find((f) => f.path === file[2]);
        if (!found || found.downloadStatus) {
          const status = found?.downloadStatus ?? 404;
          return sendJson(res, status, { ok: false, error_code: status, description: 'Not Found' });
        }
        this.fileDownloads++;
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': found.data.length });
        return void res.end(found.data);
      }
      const call = /^\/bot([^/]+)\/(\w+)$/.exec(r.path);
      if (!call) return sendJson(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
      if (call[1] !== this.token) return sendJson(res, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
      const method = call[2];
      const params = r.headers['content-type']?.startsWith('multipart/') ? decodeFields(r.fields) : r.fields;
      this.calls.push({ method, params, files: r.files });
      const failure = this.failures.get(method)?.shift();
      if (failure) return sendJson(res, failure.error_code === 429 ? 429 : failure.error_code, { ok: false, ...failure });
      if (method === 'getUpdates') return this.getUpdates(params, (body) => sendJson(res, 200, body));
      return sendJson(res, 200, { ok: true, result: this.answer(method, params, r.files) });
    });
    this.server = server;
    this.origin = origin;
    return origin;
  }

  stop(): Promise<void> {
    return close(this.server);
  }

  failNext(method: string, error: BotApiError): void {
    const queue = this.failures.get(method) ?? [];
    queue.push(error);
    this.failures.set(method, queue);
  }

  callsTo(method: string): BotApiCall[] {
    return this.calls.filter((c) => c.method === method);
  }

  private answer(method: string, params: Record<string, any>, files: Record<string, UploadedFile>): unknown {
    switch (method) {
      case 'getMe':
        return { id: 4242, is_bot: true, first_name: 'Rappel', username: 'RappelTestBot', can_join_groups: false, can_read_all_group_messages: false, supports_inline_queries: false };
      case 'getFile': {
        const f = this.files.get(String(params.file_id));
        if (!f) return { file_id: params.file_id, file_unique_id: 'u' };
        return { file_id: params.file_id, file_unique_id: `u-${params.file_id}`, file_size: f.data.length, file_path: f.path };
      }
      case 'sendMessage':
      case 'sendVoice':
      case 'sendAudio': {
        const message: Record<string, unknown> = {
          message_id: this.nextMessageId++,
          date: Math.floor(Date.now() / 1000),
          chat: { id: Number(params.chat_id), type: 'private' },
        };
        if (method === 'sendMessage') message.text = params.text;
        const upload = Object.values(files)[0];
        if (method === 'sendVoice') message.voice = { file_id: 'sent-voice', file_unique_id: 'sv', duration: 1, file_size: upload?.data.length };
        if (method === 'sendAudio') message.audio = { file_id: 'sent-audio', file_unique_id: 'sa', duration: 1 };
        return message;
      }
      default:
        return true;
    }
  }

  private getUpdates(params: Record<string, any>, reply: (body: unknown) => void): void {
    const offset = Number(params.offset ?? 0);
    const waitMs = Math.min(Number(params.timeout ?? 0) * 1000, 200);
    const respond = () => {
      const batch = this.pendingUpdates.filter((u) => Number(u.update_id) >= offset);
      // Telegram forgets updates once a later offset confirms them.
      for (let i = this.pendingUpdates.length - 1; i >= 0; i--) {
        if (Number(this.pendingUpdates[i].update_id) < offset) this.pendingUpdates.splice(i, 1);
      }
      reply({ ok: true, result: batch });
    };
    if (this.pendingUpdates.some((u) => Number(u.update_id) >= offset) || waitMs === 0) respond();
    else setTimeout(respond, waitMs);
  }
}

/** Multipart fields are strings; the Bot API JSON-decodes objects such as reply_markup. */
function decodeFields(fields: Record<string, unknown>): Record<string, any> {
  const out: Record<string, any> = {};
  for (const [k, v] of Object.entries(fields)) {
    const s = String(v);
    out[k] = s.startsWith('{') || s.startsWith('[') ? JSON.parse(s) : s;
  }
  return out;
}
