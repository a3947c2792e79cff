import { createHash } from 'node:crypto';
import type { Server } from 'node:http';
import { close, listen, readRequest, type RecordedRequest, sendJson } from './channel-stand-in-server';

/** A template as approved in WhatsApp Manager: its body with {{n}} variables and its buttons. */
export interface ApprovedTemplate {
  name: string;
  language: string;
  category: 'AUTHENTICATION' | 'UTILITY' | 'MARKETING';
  body: string;
  /** 'url': a URL button with one variable (an authentication copy-code button is stored as one). */
  buttons?: Array<'url' | 'quick_reply'>;
}

/** A template message the stand-in accepted, with its text as the user would read it. */
export interface DeliveredTemplate {
  to: string;
  name: string;
  language: string;
  category: ApprovedTemplate['category'];
  text: string;
  buttonParameters: string[];
}

interface Failure {
  pathEndsWith: string;
  status: number;
  body: unknown;
  headers: Record<string, string>;
  /** Matching requests to let through before this one fails. */
  skip: number;
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
  private approved: ApprovedTemplate[] = [];
  private delivered: DeliveredTemplate[] = [];
  private windows: Set<string> | null = null;
  private violations: Array<Record<string, any>> = [];

  constructor(
    readonly accessToken: string,
    readonly apiVersion: string,
    readonly phoneNumberId: string,
  ) {}

  /** The environment that points the app's WhatsApp channel at this stand-in. */
  appEnv(opts: { appSecret?: string; verifyToken?: string } = {}): Record<string, string> {
    return {
      WHATSAPP_API_BASE_URL: this.origin,
      WHATSAPP_API_VERSION: this.apiVersion,
      WHATSAPP_PHONE_NUMBER_ID: this.phoneNumberId,
      WHATSAPP_ACCESS_TOKEN: this.accessToken,
      WHATSAPP_APP_SECRET: opts.appSecret ?? 'secret',
      WHATSAPP_VERIFY_TOKEN: opts.verifyToken ?? 'verify',
    };
  }

  async start(): Promise<string> {
    const { origin, server } = await listen(async (req, res) => {
      const r = await readRequest(req);
      this.requests.push(r);
      if (r.headers.authorization !== `Bearer ${this.accessToken}`) {
        return sendJson(res, 401, { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } });
      }
      const failure = this.failures.findIndex((f) => r.path.endsWith(f.pathEndsWith) && f.skip-- <= 0);
      if (failure >= 0) {
        const [f] = this.failures.splice(failure, 1);
        return sendJson(res, f.status, f.body, f.headers);
      }
      const base = `/${this.apiVersion}`;
      if (r.method === 'POST' && r.path === `${base}/${this.phoneNumberId}/messages`) {
        if (r.fields.messaging_product !== 'whatsapp') return graphError(res, 400, 100, 'messaging_product is required');
        const to = String(r.fields.to ?? '');
        if (!/^\d{6,15}$/.test(to)) return graphError(res, 400, 131030, 'Recipient phone number not in allowed list');
        if (r.fields.type === 'template' && this.approved.length > 0) {
          const refused = this.checkTemplate(to, r.fields.template as Record<string, any> | undefined);
          if (refused) return graphError(res, 400, refused.code, refused.message);
        } else if (r.fields.type !== 'template' && this.windows && !this.windows.has(to)) {
          // Meta accepts it (200 and a wamid) and fails it later in a status webhook with 131047.
          this.violations.push(r.fields);
        }
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
  failNext(pathEndsWith: string, status: number, error: { code: number; message: string }, headers: Record<string, string> = {}, skip = 0): void {
    this.failures.push({ pathEndsWith, status, body: { error: { ...error, type: 'OAuthException', fbtrace_id: 'AbC' } }, headers, skip });
  }

  /**
   * Template sends are checked from now on as Meta checks them: the name must exist in that
   * language (132001), the body variables must match in number (132000) and hold no newline,
   * tab or run of spaces (132012), every URL button needs its one variable (131008).
   */
  approveTemplate(template: ApprovedTemplate): void {
    this.approved.push(template);
  }

  /** Templates accepted since the start, rendered. */
  deliveredTemplates(): DeliveredTemplate[] {
    return [...this.delivered];
  }

  /**
   * From now on, free-form (non-template) messages count as violations unless the number's 24 h
   * window is open (`openWindow`, i.e. the user wrote to us): Meta would fail them with 131047.
   */
  enforceWindows(): void {
    this.windows ??= new Set();
  }

  openWindow(waId: string): void {
    this.windows?.add(waId);
  }

  /** Free-form messages sent to a number whose window was closed. */
  windowViolations(): Array<Record<string, any>> {
    return [...this.violations];
  }

  /** Bodies of the messages sent, in order. */
  sentMessages(): Array<Record<string, any>> {
    return this.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/messages')).map((r) => r.fields);
  }

  /** Why Meta would refuse this template send, or null when it would accept it (then it is recorded). */
  private checkTemplate(to: string, template: Record<string, any> | undefined): { code: number; message: string } | null {
    const approved = this.approved.find((a) => a.name === template?.name && a.language === template?.language?.code);
    if (!approved) return { code: 132001, message: '(#132001) Template name does not exist in the translation' };
    const components: Array<Record<string, any>> = Array.isArray(template?.components) ? template!.components : [];
    const expected = new Set([...approved.body.matchAll(/\{\{(\d+)\}\}/g)].map((m) => m[1])).size;
    const body = components.find((c) => c.type === 'body');
    const params: Array<Record<string, any>> = body?.parameters ?? [];
    if (params.length !== expected) {
      return { code: 132000, message: `(#132000) Number of parameters does not match the expected number of params (${params.length} for ${expected})` };
    }
    if (params.some((p) => p.type !== 'text' || typeof p.text !== 'string' || p.text === '' || /[\n\t]| {5,}/.test(p.text))) {
      return { code: 132012, message: '(#132012) Parameter format does not match format in the created template' };
    }
    const slots = approved.buttons?.length ?? 0;
    if (components.some((c) => c.type === 'button' && !(Number(c.index) >= 0 && Number(c.index) < slots))) {
      return { code: 131009, message: `(#131009) Parameter value is not valid: the template has ${slots} button(s)` };
    }
    const buttonParameters: string[] = [];
    for (const [index, kind] of (approved.buttons ?? []).entries()) {
      const button = components.find((c) => c.type === 'button' && String(c.index) === String(index));
      if (kind === 'url') {
        const param = button?.sub_type === 'url' ? button.parameters?.[0] : undefined;
        const text = param?.type === 'text' ? param.text : undefined;
        if (typeof text !== 'string' || text === '') {
          return { code: 131008, message: `(#131008) Required parameter is missing: button at index ${index} needs a url text parameter` };
        }
        buttonParameters.push(text);
      } else if (button && (button.sub_type !== 'quick_reply' || typeof button.parameters?.[0]?.payload !== 'string')) {
        return { code: 131009, message: `(#131009) Parameter value is not valid: button at index ${index} is a quick reply` };
      }
    }
    const text = approved.body.replace(/\{\{(\d+)\}\}/g, (_, n: string) => String(params[Number(n) - 1]?.text));
    this.delivered.push({ to, name: approved.name, language: approved.language, category: approved.category, text, buttonParameters });
    return null;
  }
}

function graphError(res: Parameters<typeof sendJson>[0], status: number, code: number, message: string): void {
  sendJson(res, status, { error: { message, type: 'OAuthException', code, fbtrace_id: 'AbC' } });
}
