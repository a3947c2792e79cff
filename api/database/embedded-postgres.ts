import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import * as fs from 'node:fs';
import { keepMessageGroupsTogether } from './pglite-message-groups';

/**
 * Embedded PostgreSQL (PGlite, WebAssembly) exposed on a loopback socket so TypeORM's ordinary
 * `pg` driver talks to it exactly as to a real server. PGlite runs one transaction at a time:
 * right for a fresh machine and demos, not for load (use DATABASE_URL in production).
 */
export class EmbeddedPostgres {
  private db?: PGlite;
  private server?: PGLiteSocketServer;
  url = '';

  constructor(
    /** A directory to persist to, or 'memory://' for a throw-away database. */
    private readonly location: string,
    private readonly port = 0,
  ) {}

  async start(): Promise<string> {
    if (this.location !== 'memory://') fs.mkdirSync(this.location, { recursive: true });
    this.db = await PGlite.create(this.location === 'memory://' ? undefined : this.location);
    // Several pool connections must be allowed, or a second connection is dropped mid-handshake.
    this.server = new PGLiteSocketServer({ db: this.db, host: '127.0.0.1', port: this.port, maxConnections: 32 });
    keepMessageGroupsTogether(this.server);
    await this.server.start();
    const conn = this.server.getServerConn();
    this.url = `postgres://postgres:postgres@${conn}/postgres`;
    return this.url;
  }

  async stop(): Promise<void> {
    await this.server?.stop().catch(() => undefined);
    await this.db?.close().catch(() => undefined);
    this.server = undefined;
    this.db = undefined;
  }
}
