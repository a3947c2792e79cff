import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One row per sending account ('whatsapp', 'telegram'...): the next free send slot, shared by
 * every instance, so a provider's per-account limit holds however many instances send.
 */
@Entity('send_rates')
export class SendRate {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  channel: string;

  @Column({ type: 'timestamptz' })
  nextSlotAt: Date;
}
