import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createHash, randomBytes } from 'node:crypto';
import { LessThan, Repository } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { Session } from './session.entity';
import { User } from './user.entity';

const HOUR = 3_600_000;
/** However active, a session ends 90 days after sign-in (issue 10): a stolen cookie does not live forever. */
export const SESSION_ABSOLUTE_MS = 90 * 24 * HOUR;

export interface SessionEnded {
  tokenHash?: string;
  userId?: number;
}

/** Cookie sessions stored in Postgres: they survive restarts and work on every instance. */
@Injectable()
export class SessionsService {
  private readonly endedListeners = new Set<(ended: SessionEnded) => void>();

  constructor(
    @InjectRepository(Session) private readonly sessions: Repository<Session>,
    @InjectRepository(User) private readonly users: Repository<User>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  static hash(token: string): string {
    return createHash('sha256').update(token).digest('hex');
  }

  get ttlMs(): number {
    return this.config.session.ttlDays * 24 * HOUR;
  }

  async create(userId: number, meta: { ip?: string; userAgent?: string }): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    await this.sessions.insert({
      tokenHash: SessionsService.hash(token),
      userId,
      expiresAt: new Date(now.getTime() + this.ttlMs),
      lastSeenAt: now,
      ip: meta.ip?.slice(0, 64) ?? null,
      userAgent: meta.userAgent?.slice(0, 256) ?? null,
    });
    return token;
  }

  /** The user behind a session token, sliding its expiry at most once an hour. */
  async resolve(token: string | undefined): Promise<User | null> {
    if (!token || token.length > 100) return null;
    const tokenHash = SessionsService.hash(token);
    const session = await this.sessions.findOne({ where: { tokenHash } });
    const now = new Date();
    if (!session || session.expiresAt <= now) return null;
    if (now.getTime() - new Date(session.createdAt).getTime() >= SESSION_ABSOLUTE_MS) {
      await this.sessions.delete({ tokenHash });
      return null;
    }
    const user = await this.users.findOne({ where: { id: session.userId } });
    if (!user) return null;
    if (now.getTime() - session.lastSeenAt.getTime() > HOUR) {
      const absoluteEnd = new Date(session.createdAt).getTime() + SESSION_ABSOLUTE_MS;
      await this.sessions.update({ tokenHash }, { lastSeenAt: now, expiresAt: new Date(Math.min(now.getTime() + this.ttlMs, absoluteEnd)) });
      await this.users.update({ id: user.id }, { lastSeenAt: now });
    }
    return user;
  }

  /** Whether the session behind this token hash still exists and has not expired. */
  async stillActive(tokenHash: string): Promise<boolean> {
    const session = await this.sessions.findOne({ where: { tokenHash } });
    return Boolean(session && session.expiresAt > new Date() && Date.now() - new Date(session.createdAt).getTime() < SESSION_ABSOLUTE_MS);
  }

  async destroy(token: string | undefined): Promise<void> {
    if (!token) return;
    const tokenHash = SessionsService.hash(token);
    await this.sessions.delete({ tokenHash });
    this.announce({ tokenHash });
  }

  async destroyAllFor(userId: number): Promise<void> {
    await this.sessions.delete({ userId });
    this.announce({ userId });
  }

  /**
   * Sessions that ended (logout, password reset, promotion...), for the live sockets to close.
   * Every instance hears it through the sessions delete trigger's NOTIFY (see LiveGateway); this
   * in-process call covers the embedded database, whose socket server forwards no notifications.
   */
  onEnded(listener: (ended: SessionEnded) => void): () => void {
    this.endedListeners.add(listener);
    return () => this.endedListeners.delete(listener);
  }

  announce(ended: SessionEnded): void {
    for (const l of this.endedListeners) l(ended);
  }

  async purgeExpired(): Promise<number> {
    const r = await this.sessions.delete({ expiresAt: LessThan(new Date()) });
    return r.affected ?? 0;
  }
}
