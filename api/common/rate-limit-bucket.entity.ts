import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Fixed-window counters shared by every instance (rate limits live in Postgres, not in memory). */
@Entity('rate_limit_buckets')
export class RateLimitBucket {
  @PrimaryColumn({ type: 'varchar', length: 200 })
  key: string;

  @Column({ type: 'timestamptz' })
  windowStart: Date;

  @Column({ type: 'int' })
  hits: number;
}
