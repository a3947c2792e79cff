import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for OpenAI's audio endpoints, speaking their wire format, so tests drive the
 * real SDK adapters: it checks what the real service checks (bearer key, multipart upload with a
 * file name whose extension it supports, model, response_format, JSON body of a speech request),
 * records every request, and answers like the service — including its error bodies.
 */

export interface ReceivedUpload {
  fileName: string;
  fileType: string;
  bytes: Buffer;
  fields: Record<string, string>;
}

export interface ReceivedRequest {
  method: string;
  path: string;
  authorization?: string;
  contentType?: string;
  upload?: ReceivedUpload;
  json?: Record<string, unknown>;
}

/** One scripted answer that replaces the normal one for the next request. */
export interface ScriptedFailure {
  status: number;
  /** Wait this long before answering (to trip the client's timeout). */
  delayMs?: number;
  headers?: Record<string, string>;
  message?: string;
}

// The extensions OpenAI accepts for transcription; it refuses .oga and .opus even though they are Ogg.
const SUPPORTED_EXTENSIONS = ['flac', 'm4a', 'mp3', 'mp4', 'mpeg', 'mpga', 'ogg', 'wav', 'webm'];
const LANGUAGE_NAMES: Record<string, string> = { fr: 'french', en: 'english', de: 'german', es: 'spanish' };

export class OpenAiStandIn {
  readonly requests: ReceivedRequest[] = [];
  /** What the next successful transcription says. `language` is an ISO code; sent as OpenAI's name. */
  transcript: { text: string; language: string } = { text: 'Rappelle-moi d’appeler Marie demain à 9 heures', language: 'fr' };
  /** Bytes returned by /audio/speech, with their content type. */
  speech: { bytes: Buffer; contentType: string } = { bytes: Buffer.alloc(0), contentType: 'audio/ogg' };
  /** Answers to use instead of the normal ones, first in first out. */
  readonly failures: ScriptedFailure[] = [];
  private server?: Server;

  constructor(readonly apiKey = 'sk-test-stand-in') {}

  get baseURL(): string {
    const address = this.server?.address() as AddressInfo | null;
    if (!address) throw new Error('stand-in not started');
    return `http://127.0.0.1:${address.port}/v1`;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((err: Error) => this.error(res, 500, err.message, 'server_error'));
    });
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    return this;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    this.server = undefined;
  }

  reset(): void {
    this.requests.length = 0;
    this.failures.length = 0;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    const path = (req.url ?? '').split('?')[0];
    const record: ReceivedRequest = {
      method: req.method ?? '',
      path,
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
    };
    this.requests.push(record);

    if (req.headers.authorization !== `Bearer ${this.apiKey}`) {
      return this.error(res, 401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key');
    }
    if (req.method === 'POST' && path === '/v1/audio/transcriptions') {
      record.upload = await parseMultipart(body, record.contentType ?? '');
    } else if (req.method === 'POST' && path === '/v1/audio/speech') {
      try {
        record.json = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
      } catch {
        return this.error(res, 400, 'We could not parse the JSON body of your request.', 'invalid_request_error');
      }
    } else {
      return this.error(res, 404, `Unknown request URL: ${req.method} ${path}`, 'invalid_request_error');
    }

    const failure = this.failures.shift();
    if (failure) {
      // The wait ends early when the client gives up, so no timer outlives the test.
      if (failure.delayMs) await Promise.race([delay(failure.delayMs), once(res, 'close')]);
      if (res.destroyed) return;
      for (const [k, v] of Object.entries(failure.headers ?? {})) res.setHeader(k, v);
      return this.error(res, failure.status, failure.message ?? `Scripted failure ${failure.status}`, 'server_error');
    }

    if (record.upload) return this.transcribe(record.upload, res);
    return this.speak(record.json!, res);
  }

  private transcribe(upload: ReceivedUpload, res: ServerResponse): void {
    const model = upload.fields.model;
    if (!model) return this.error(res, 400, "you must provide a model parameter", 'invalid_request_error', null, 'model');
    const extension = upload.fileName.split('.').pop()?.toLowerCase() ?? '';
    if (!SUPPORTED_EXTENSIONS.includes(extension)) {
      return this.error(
        res,
        400,
        `Invalid file format. Supported formats: ${JSON.stringify(SUPPORTED_EXTENSIONS)}`,
        'invalid_request_error',
      );
    }
    const format = upload.fields.response_format ?? 'json';
    if (format === 'verbose_json' && model.startsWith('gpt-4o')) {
      return this.error(res, 400, `response_format 'verbose_json' is not compatible with model '${model}'.`, 'invalid_request_error', 'unsupported_value', 'response_format');
    }
    const { text, language } = this.transcript;
    if (format === 'verbose_json') {
      return this.json(res, 200, {
        task: 'transcribe',
        language: LANGUAGE_NAMES[language] ?? language,
        duration: 2.5,
        text,
        segments: [],
        usage: { type: 'duration', seconds: 3 },
      });
    }
    if (format === 'json') return this.json(res, 200, { text, usage: { type: 'duration', seconds: 3 } });
    if (format === 'text') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end(text);
      return;
    }
    this.error(res, 400, `Invalid response_format '${format}'`, 'invalid_request_error', null, 'response_format');
  }

  private speak(body: Record<string, unknown>, res: ServerResponse): void {
    for (const field of ['model', 'input', 'voice']) {
      if (typeof body[field] !== 'string' || !(body[field] as string).length) {
        return this.error(res, 400, `Missing required parameter: '${field}'.`, 'invalid_request_error', null, field);
      }
    }
    if ((body.input as string).length > 4096) {
      return this.error(res, 400, 'input is too long (max 4096 characters)', 'invalid_request_error', null, 'input');
    }
    const format = body.response_format ?? 'mp3';
    if (!['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm'].includes(format as string)) {
      return this.error(res, 400, `Invalid response_format '${String(format)}'`, 'invalid_request_error', null, 'response_format');
    }
    if ('instructions' in body && !(body.model as string).startsWith('gpt-4o')) {
      return this.error(res, 400, 'instructions are not supported for this model', 'invalid_request_error', null, 'instructions');
    }
    res.writeHead(200, { 'content-type': this.speech.contentType, 'content-length': this.speech.bytes.length });
    res.end(this.speech.bytes);
  }

  private json(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }

  private error(res: ServerResponse, status: number, message: string, type: string, code: string | null = null, param: string | null = null): void {
    if (res.headersSent || res.destroyed) return;
    this.json(res, status, { error: { message, type, param, code } });
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Node's own fetch Request parses multipart/form-data exactly as a server framework would. */
async function parseMultipart(body: Buffer, contentType: string): Promise<ReceivedUpload> {
  const form = await new Request('http://stand-in/', { method: 'POST', headers: { 'content-type': contentType }, body }).formData();
  const fields: Record<string, string> = {};
  let upload: Omit<ReceivedUpload, 'fields'> = { fileName: '', fileType: '', bytes: Buffer.alloc(0) };
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') fields[name] = value;
    else if (name === 'file') {
      upload = { fileName: value.name, fileType: value.type, bytes: Buffer.from(await value.arrayBuffer()) };
    }
  }
  return { ...upload, fields };
}
