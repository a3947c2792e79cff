import { PgListener } from '../database/pg-listener';
import type { ClaimedJob } from './job-kind';
import type { JobLogger, JobRunner } from './job-runner';

export interface JobHostOptions {
  /** Real Postgres URL to LISTEN on; undefined on the embedded database (PGlite's socket does not forward NOTIFY: the runner polls). */
  listenUrl?: string;
  /** NOTIFY channel that announces new work for this kind. */
  notifyChannel?: string;
  /** Reads a NOTIFY payload as the epoch ms the work becomes claimable; default: claim now. */
  dueAt?: (payload: string) => number | null;
}

/**
 * Runs one JobRunner with its wake-ups: NOTIFY on real Postgres (and a claim after every
 * (re)connection, in case something arrived meanwhile), the runner's own poll otherwise. Nest
 * services own one per job kind: start it after bootstrap, stop it on shutdown.
 */
export class JobHost<J extends ClaimedJob, D> {
  private listener?: PgListener;

  constructor(
    readonly runner: JobRunner<J, D>,
    private readonly options: JobHostOptions,
    private readonly logger: JobLogger,
  ) {}

  async start(): Promise<void> {
    this.runner.start();
    const { listenUrl, notifyChannel } = this.options;
    if (listenUrl && notifyChannel) {
      this.listener = new PgListener(
        listenUrl,
        notifyChannel,
        (payload) => {
          const at = this.options.dueAt?.(payload) ?? null;
          if (at === null || !Number.isFinite(at)) this.runner.kick();
          else this.runner.hint(at);
        },
        this.logger,
        () => this.runner.kick(),
      );
      await this.listener.start();
    }
  }

  async stop(graceMs?: number): Promise<void> {
    await this.listener?.stop();
    this.listener = undefined;
    await this.runner.stop(graceMs);
  }
}
