import { Inject, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { OnGatewayConnection, OnGatewayDisconnect, WebSocketGateway } from '@nestjs/websockets';
import type { IncomingMessage } from 'node:http';
import type { WebSocket } from 'ws';
import { SessionEnded, SessionsService } from '../accounts/sessions.service';
import { DATABASE_URL } from '../database/database.module';
import { PgListener } from '../database/pg-listener';
import type { User } from '../accounts/user.entity';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { toConsoleMessage } from '../admin/console-message';
import { toLiveMessage } from './live-message';
import type { MessageLogEntry } from './message-log.entity';
import { MessageLogService } from './message-log.service';

/** A client message type other modules answer (the simulator's "simulator" messages). */
export type ClientMessageHandler = (user: User, message: Record<string, unknown>) => Promise<unknown>;

interface ClientState {
  userId?: number;
  user: Promise<User | null>;
  /** The session the socket was opened with (sha-256 of the cookie token), to close it when that session ends. */
  tokenHash: string | null;
  ip: string;
  /** null until registered; '*' for staff watching everybody. */
  watching: number | '*' | null;
  /** Staff in the support console: rows go out as console messages (codes masked, staff author). */
  console: boolean;
}

/** Frames above this close the socket (ws answers 1009); simulator voice notes go over HTTP. */
export const WS_MAX_PAYLOAD = 1024 * 1024;
/** Open sockets at once, per signed-in user and per client IP, on one instance. */
export const WS_MAX_PER_USER = 10;
export const WS_MAX_PER_IP = 30;

/**
 * The spec's live channel on /ws. The session cookie of the upgrade request says who the client
 * is; `{type:'register', phoneNumber, userId}` starts the stream: a user receives their own
 * messages only, whatever userId they send; staff may watch one user or everybody, and with
 * `console: true` receive `{type:'console', data}` rows as the support console shows them.
 */
@WebSocketGateway({ path: '/ws', maxPayload: WS_MAX_PAYLOAD })
export class LiveGateway implements OnGatewayConnection, OnGatewayDisconnect, OnApplicationBootstrap, OnApplicationShutdown {
  private endedListener?: PgListener;
  private readonly logger = new Logger(LiveGateway.name);
  private readonly clients = new Map<WebSocket, ClientState>();
  private readonly handlers = new Map<string, ClientMessageHandler>();

  constructor(
    @Inject(SessionsService) private readonly sessions: SessionsService,
    @Inject(MessageLogService) log: MessageLogService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE_URL) private readonly databaseUrl: string,
  ) {
    // Rows are only loaded while someone is connected to this instance.
    log.onRow((row) => this.push(row), () => this.clients.size > 0);
    sessions.onEnded((ended) => this.closeEnded(ended));
  }

  async onApplicationBootstrap(): Promise<void> {
    // Sessions ended by any instance (the sessions delete trigger NOTIFYs); embedded: in-process only.
    if (!this.config.database.url) return;
    this.endedListener = new PgListener(this.databaseUrl, 'sessions_ended', (payload) => {
      try {
        this.closeEnded(JSON.parse(payload) as SessionEnded);
      } catch {
        /* not ours */
      }
    }, this.logger);
    await this.endedListener.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.endedListener?.stop();
  }

  private closeEnded(ended: SessionEnded): void {
    for (const [client, state] of this.clients) {
      if ((ended.tokenHash && state.tokenHash === ended.tokenHash) || (ended.userId !== undefined && state.userId === ended.userId)) {
        client.close(4401, 'Session ended');
        this.clients.delete(client);
      }
    }
  }

  /** Lets another module answer a client message type (e.g. 'simulator'). */
  handle(type: string, handler: ClientMessageHandler): void {
    this.handlers.set(type, handler);
  }

  handleConnection(client: WebSocket, req: IncomingMessage): void {
    // A page on another site must not open a socket with our user's cookie (cross-site WebSocket hijacking).
    if (!this.originAllowed(req)) {
      client.close(4403, 'Origin not allowed');
      return;
    }
    const ip = clientIp(req, this.config.trustProxy);
    if ([...this.clients.values()].filter((c) => c.ip === ip).length >= WS_MAX_PER_IP) {
      client.close(1013, 'Too many connections');
      return;
    }
    const token = readCookie(req.headers.cookie, this.config.session.cookieName);
    const state: ClientState = { user: this.sessions.resolve(token).catch(() => null), tokenHash: token ? SessionsService.hash(token) : null, ip, watching: null, console: false };
    this.clients.set(client, state);
    void state.user.then((user) => {
      if (!user) return;
      state.userId = user.id;
      if ([...this.clients.values()].filter((c) => c.userId === user.id).length > WS_MAX_PER_USER) {
        client.close(1013, 'Too many connections');
        this.clients.delete(client);
      }
    });
    client.on('message', (data: Buffer, isBinary: boolean) => {
      if (isBinary) return this.sendTo(client, { type: 'error', message: 'Unsupported message' });
      let msg: Record<string, unknown>;
      try {
        msg = JSON.parse(data.toString('utf8'));
      } catch {
        return this.sendTo(client, { type: 'error', message: 'Messages are JSON' });
      }
      void this.onMessage(client, state, msg);
    });
  }

  private originAllowed(req: IncomingMessage): boolean {
    const origin = req.headers.origin;
    if (!origin) return true; // not a browser: it cannot carry someone else's cookie by itself
    let parsed: string;
    try {
      parsed = new URL(origin).origin;
    } catch {
      return false;
    }
    if (parsed === new URL(this.config.publicUrl).origin) return true;
    // Same origin as the address the socket was opened on (local runs, tests on a random port).
    const host = req.headers.host;
    return Boolean(host) && (parsed === `http://${host}` || parsed === `https://${host}`);
  }

  handleDisconnect(client: WebSocket): void {
    this.clients.delete(client);
  }

  private async onMessage(client: WebSocket, state: ClientState, msg: Record<string, unknown>): Promise<void> {
    const user = await state.user;
    // A session may have ended on an instance whose notification did not reach us: check again.
    if (user && msg.type !== 'ping' && state.tokenHash && !(await this.sessions.stillActive(state.tokenHash))) {
      client.close(4401, 'Session ended');
      this.clients.delete(client);
      return;
    }
    if (msg.type === 'ping') return this.sendTo(client, { type: 'pong' });
    if (!user) return this.sendTo(client, { type: 'error', message: 'Not logged in' });
    if (msg.type === 'register') {
      const asked = Number(msg.userId);
      const staff = user.role === 'admin' || user.role === 'support';
      state.watching = staff ? (Number.isSafeInteger(asked) && asked > 0 ? asked : '*') : user.id;
      state.console = staff && msg.console === true;
      return this.sendTo(client, { type: 'registered', userId: state.watching === '*' ? null : state.watching });
    }
    const handler = typeof msg.type === 'string' ? this.handlers.get(msg.type) : undefined;
    if (!handler) return this.sendTo(client, { type: 'error', message: `Unknown message type` });
    try {
      const result = await handler(user, msg);
      this.sendTo(client, { type: 'ack', ref: msg.ref ?? null, result: result ?? null });
    } catch (e) {
      const status = (e as { getStatus?: () => number }).getStatus?.() ?? 500;
      this.sendTo(client, { type: 'error', ref: msg.ref ?? null, statusCode: status, message: status < 500 ? (e as Error).message : 'Something went wrong' });
      if (status >= 500) this.logger.error(`Live message ${String(msg.type)} failed: ${(e as Error).stack}`);
    }
  }

  private push(row: MessageLogEntry): void {
    if (!this.clients.size) return;
    let live: string | undefined;
    let consoleText: string | undefined;
    for (const [client, state] of this.clients) {
      if (state.watching === '*' || (state.watching !== null && state.watching === row.userId)) {
        if (client.readyState !== client.OPEN) continue;
        client.send(state.console ? (consoleText ??= JSON.stringify({ type: 'console', data: toConsoleMessage(row as unknown as Record<string, unknown>) })) : (live ??= JSON.stringify(toLiveMessage(row))));
      }
    }
  }

  private sendTo(client: WebSocket, body: unknown): void {
    if (client.readyState === client.OPEN) client.send(JSON.stringify(body));
  }
}

function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    if (part.slice(0, i).trim() === name) {
      try {
        return decodeURIComponent(part.slice(i + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

function clientIp(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = String(req.headers['x-forwarded-for'] ?? '').split(',').pop()?.trim();
    if (forwarded) return forwarded;
  }
  return req.socket.remoteAddress ?? 'unknown';
}
