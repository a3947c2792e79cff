import { availableParallelism } from 'node:os';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { User } from '../../api/accounts/user.entity';
import { APP_CONFIG, AppConfig } from '../../api/config/app-config';
import { DATABASE_URL } from '../../api/database/database.module';
import type { JobKind, JobOutcome } from '../../api/jobs/job-kind';
import { JobHost } from '../../api/jobs/job-host';
import { JobRunner } from '../../api/jobs/job-runner';
import { jobsChannel, PgJobQueue, TableJob } from '../../api/jobs/pg-job-queue';
import { RENDER_JOB_KIND } from '../../api/reminders/reminder-render';
import { canUploadVoiceAhead } from '../channels/reminder-notice';
import { reminderSpeech } from '../conversation/reminder-message';
import { ChannelChooser } from './channel-chooser';
import { reminderVoice, VoiceNotes } from './voice-notes';

type RenderJob = TableJob<{ reminderId: number }>;

/**
 * The "render" job kind: makes a pending reminder's voice note before it is due (enqueued by
 * RemindersService when the reminder is confirmed or edited, to run when it enters the
 * look-ahead window), stores it in voice_notes, and uploads it to WhatsApp ahead when that is
 * the user's channel, so that sending it is a single API call.
 */
export class VoiceRenderJobs implements JobKind<RenderJob> {
  readonly name = RENDER_JOB_KIND;
  readonly backoff = { baseMs: 5000, maxMs: 300_000 };

  constructor(
    readonly queue: PgJobQueue<{ reminderId: number }>,
    private readonly dataSource: DataSource,
    private readonly notes: VoiceNotes,
    private readonly users: Repository<User>,
    private readonly chooser: ChannelChooser,
  ) {}

  async handle(job: RenderJob): Promise<JobOutcome> {
    // An edit made while this runs may have been unable to move the (leased) job: read the
    // reminder again after rendering, and render again while its words changed meanwhile.
    let rendered = '';
    for (let round = 0; round < 3; round++) {
      const [r] = await this.dataSource.query(
        `SELECT id, user_id, subject, reminder_text, language_code, status, due_at FROM reminders WHERE id = $1`,
        [job.payload.reminderId],
      );
      if (!r || r.status !== 'pending') return { ok: true };
      const { language, text } = reminderVoice({ reminderText: r.reminder_text, subject: r.subject, languageCode: r.language_code });
      const speech = reminderSpeech(language, text);
      const hash = this.notes.hash(speech, language);
      if (hash === rendered) return { ok: true };
      const note = await this.notes.get(speech, language, new Date(r.due_at));
      if (!note.whatsappMediaId) {
        const user = await this.users.findOne({ where: { id: r.user_id } });
        const route = user ? this.chooser.routeFor(user) : null;
        if (route?.name === 'whatsapp' && canUploadVoiceAhead(route.channel)) {
          await this.notes.recordWhatsappMedia(note.hash, await route.channel.uploadVoice(note.audio));
        }
      }
      rendered = hash;
    }
    return { ok: true };
  }
}

/** Runs the render job kind (as many at once as there are cores: synthesis is CPU work) while the dispatcher is enabled. */
@Injectable()
export class VoiceRenderWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('VoiceRender');
  private host?: JobHost<RenderJob, unknown>;
  runner?: JobRunner<RenderJob>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(VoiceNotes) private readonly notes: VoiceNotes,
    @InjectRepository(User) private readonly users: Repository<User>,
    @Inject(ChannelChooser) private readonly chooser: ChannelChooser,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE_URL) private readonly databaseUrl: string,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.dispatcher.enabled) return;
    const cores = Math.max(1, availableParallelism());
    this.runner = new JobRunner(
      new VoiceRenderJobs(new PgJobQueue(this.dataSource, RENDER_JOB_KIND), this.dataSource, this.notes, this.users, this.chooser),
      {
        pollIntervalMs: this.config.database.url ? 2000 : 250,
        batchSize: cores,
        maxInFlight: cores,
        leaseSeconds: this.config.dispatcher.leaseSeconds,
        maxAttempts: 5,
      },
      this.logger,
    );
    this.host = new JobHost(this.runner, { listenUrl: this.config.database.url ? this.databaseUrl : undefined, notifyChannel: jobsChannel(RENDER_JOB_KIND), dueAt: (p) => Number(p) }, this.logger);
    await this.host.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.host?.stop();
  }
}
