import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A reminder's voice note made ahead of time, shared by every instance, keyed by the hash of
 * what makes it (engine and voice, language, spoken text): equal notes are made once, and a
 * reminder whose text, language or voice changes gets a new key, so a new note.
 */
@Entity('voice_notes')
@Index('ix_voice_notes_needed_until', ['neededUntil'])
export class VoiceNote {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  hash: string;

  @Column({ type: 'varchar', length: 2 })
  language: string;

  @Column({ type: 'varchar', length: 80 })
  engine: string;

  /** Mono Ogg/Opus, ~3 KB a second of speech. */
  @Column({ type: 'bytea' })
  audio: Buffer;

  /** WhatsApp media id of this audio, uploaded ahead, and when (Meta keeps media 30 days). */
  @Column({ type: 'varchar', length: 128, nullable: true })
  whatsappMediaId: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  whatsappMediaAt: Date | null;

  /**
   * The latest due instant of a reminder this note was made for (made at send time: then).
   * Retention deletes notes some days past it: a reminder that still needs one has it made again.
   */
  @Column({ type: 'timestamptz', default: () => 'now()' })
  neededUntil: Date;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
