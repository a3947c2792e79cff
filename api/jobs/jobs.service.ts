import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { enqueueJob, EnqueueOptions, PgJobQueue } from './pg-job-queue';

/** Enqueues work of the kinds stored in the shared jobs table, and gives their runners a queue. */
@Injectable()
export class JobsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Pass `manager` to enqueue inside the caller's transaction (the NOTIFY then fires at commit). */
  enqueue(kind: string, payload: Record<string, unknown>, options?: EnqueueOptions, manager?: EntityManager): Promise<string | null> {
    return enqueueJob(manager ?? this.dataSource, kind, payload, options);
  }

  queue<P = Record<string, unknown>>(kind: string): PgJobQueue<P> {
    return new PgJobQueue<P>(this.dataSource, kind);
  }
}
