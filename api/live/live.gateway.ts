import { Inject, Logger } from '@nestjs/common';
import { OnGatewayConnection, OnGatewayDisconnect, WebSocketGateway } from '@nestjs/websockets';
import type { IncomingMessage } from 'node:http';
import type { WebSocket } from 'ws';
import { SessionsService } from '../accounts/sessions.service';
import type { User } from '../accounts/user.entity';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { toConsoleMessage } from '../admin/console-message';
import { toLiveMessage } from './live-message';
import type { MessageLogEntry } from './message-log.entity';
import { MessageLogService } from './message-log.service';

/** A client message type other modules answer (the simulator's "simulator" messages). */
export type ClientMessageHandler = (user: User, message: Record<string, unknown>) => Promise<unknown>;

interface ClientState {
  user: Promise<User | null>;
  /** null until registered; '*' for staff watching everybody. */
  watching: number | '*' | null;
  /** Staff in the support console: rows go out as console messages (codes masked, staff author). */
  console: boolean;
}

const MAX_MESSAGE_BYTES = 8 * 1024 * 1024;

/**
 * The spec's live channel on /ws. The session cookie of the upgrade request says who the client
 * is; `{type:'register', phoneNumber, userId}` starts the stream: a user receives their own
 * messages only, whatever userId they send; staff may watch one user or everybody, and with
 * `console: true` receive `{type:'console', data}` rows as the support console shows them.
 */
@WebSocketGateway({ path: '/ws' })
export class LiveGateway implements OnGatewayConnection, OnGatewayDisconnect {
  private readonly logger = new Logger(LiveGateway.name);
  private readonly clients = new Map<WebSocket, ClientState>();
  private readonly handlers = new Map<string, ClientMessageHandler>();

  constructor(
    @Inject(SessionsService) private readonly sessions: SessionsService,
    @Inject(MessageLogService) log: MessageLogService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    log.onRow((row) => this.push(row));
  }

  /** Lets another module answer a client message type (e.g. 'simulator'). */
  handle(type: string, handler: ClientMessageHandler): void {
    this.handlers.set(type, handler);
  }

  handleConnection(client: WebSocket, req: IncomingMessage): void {
    const token = readCookie(req.headers.cookie, this.config.session.cookieName);
    const state: ClientState = { user: this.sessions.resolve(token).catch(() => null), watching: null, console: false };
    this.clients.set(client, state);
    client.on('message', (data: Buffer, isBinary: boolean) => {
      if (isBinary || data.length > MAX_MESSAGE_BYTES) return this.sendTo(client, { type: 'error', message: 'Unsupported message' });
      let msg: Record<string, unknown>;
      try {
        msg = JSON.parse(data.toString('utf8'));
      } catch {
        return this.sendTo(client, { type: 'error', message: 'Messages are JSON' });
      }
      void this.onMessage(client, state, msg);
    });
  }

  handleDisconnect(client: WebSocket): void {
    this.clients.delete(client);
  }

  private async onMessage(client: WebSocket, state: ClientState, msg: Record<string, unknown>): Promise<void> {
    const user = await state.user;
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
