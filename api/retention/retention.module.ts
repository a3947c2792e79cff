import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module';
import { RetentionWorker } from './retention.worker';

/** Retention: the hourly purge of what Rappel no longer needs, as a job kind on the job runner. */
@Module({ imports: [JobsModule], providers: [RetentionWorker], exports: [RetentionWorker] })
export class RetentionModule {}
