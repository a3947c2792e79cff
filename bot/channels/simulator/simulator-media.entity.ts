import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** Audio the simulator carries (recorded voice notes in, voice notes out), readable by its owner only. */
@Entity('simulator_media')
@Index('ix_simulator_media_created', ['createdAt'])
export class SimulatorMedia {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ type: 'int' })
  userId: number;

  @Column({ type: 'varchar', length: 64 })
  mimeType: string;

  @Column({ type: 'bytea' })
  data: Buffer;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
