import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { TEXT_TO_SPEECH, type TextToSpeech } from '../voice';
import type { VoiceLanguage } from '../voice/voice-language';

/** Uploaded media stay 30 days at Meta; an id older than this is uploaded again. */
export const WHATSAPP_MEDIA_VALID_MS = 25 * 24 * 3600 * 1000;

export interface StoredNote {
  hash: string;
  audio: Buffer;
  /** A still-valid WhatsApp media id of this audio, if uploaded ahead. */
  whatsappMediaId: string | null;
}

/** The key of a note: engine (with its voice), language and the exact words spoken. */
export function voiceNoteHash(engine: string, language: VoiceLanguage, speech: string): string {
  return createHash('sha256').update(`${engine}\n${language}\n${speech}`).digest('hex');
}

/**
 * Voice notes in Postgres (voice_notes, bytea): made ahead by the "render" job kind, read at
 * send time by every instance; a note missing at send time is made on the spot and kept.
 */
@Injectable()
export class VoiceNotes {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(TEXT_TO_SPEECH) private readonly tts: TextToSpeech,
  ) {}

  hash(speech: string, language: VoiceLanguage): string {
    return voiceNoteHash(this.tts.engine, language, speech);
  }

  async find(hash: string): Promise<StoredNote | null> {
    const [row] = await this.dataSource.query(
      `SELECT hash, audio, CASE WHEN whatsapp_media_at > now() - make_interval(secs => $2) THEN whatsapp_media_id END AS media
         FROM voice_notes WHERE hash = $1`,
      [hash, WHATSAPP_MEDIA_VALID_MS / 1000],
    );
    return row ? { hash: row.hash, audio: row.audio, whatsappMediaId: row.media ?? null } : null;
  }

  /**
   * Many stored notes in one statement, for a batch of reminders about to go out. The audio is
   * left out where a valid WhatsApp media id makes it unnecessary (`audio` null then).
   */
  async findMany(hashes: string[]): Promise<Map<string, { hash: string; audio: Buffer | null; whatsappMediaId: string | null }>> {
    if (!hashes.length) return new Map();
    const rows: Array<{ hash: string; audio: Buffer | null; media: string | null }> = await this.dataSource.query(
      `SELECT hash, media, CASE WHEN media IS NULL THEN audio END AS audio
         FROM (SELECT hash, audio, CASE WHEN whatsapp_media_at > now() - make_interval(secs => $2) THEN whatsapp_media_id END AS media
                 FROM voice_notes WHERE hash = ANY($1::varchar[])) n`,
      [[...new Set(hashes)], WHATSAPP_MEDIA_VALID_MS / 1000],
    );
    return new Map(rows.map((r) => [r.hash, { hash: r.hash, audio: r.audio, whatsappMediaId: r.media ?? null }]));
  }

  /**
   * The stored note, or one made now and stored (`made` tells which). `neededUntil` (the due
   * instant of the reminder it is for, when made ahead) keeps it from retention until then.
   */
  async get(speech: string, language: VoiceLanguage, neededUntil?: Date): Promise<StoredNote & { made: boolean }> {
    const hash = this.hash(speech, language);
    const found = await this.find(hash);
    if (found) {
      if (neededUntil) await this.dataSource.query(`UPDATE voice_notes SET needed_until = $2 WHERE hash = $1 AND needed_until < $2`, [hash, neededUntil]);
      return { ...found, made: false };
    }
    const audio = await this.tts.synthesize(speech, language);
    await this.dataSource.query(
      `INSERT INTO voice_notes (hash, language, engine, audio, needed_until) VALUES ($1, $2, $3, $4, GREATEST(now(), $5::timestamptz))
       ON CONFLICT (hash) DO UPDATE SET needed_until = GREATEST(voice_notes.needed_until, EXCLUDED.needed_until)`,
      [hash, language, this.tts.engine.slice(0, 80), audio, neededUntil ?? null],
    );
    return { hash, audio, whatsappMediaId: null, made: true };
  }

  async recordWhatsappMedia(hash: string, mediaId: string): Promise<void> {
    await this.dataSource.query(`UPDATE voice_notes SET whatsapp_media_id = $2, whatsapp_media_at = now() WHERE hash = $1`, [hash, mediaId.slice(0, 128)]);
  }
}

/** What a reminder's voice note says, in which language: the one definition shared by rendering ahead and delivery. */
export function reminderVoice(r: { reminderText: string | null; subject: string; languageCode: string }): { language: VoiceLanguage; text: string } {
  return { language: r.languageCode === 'en' ? 'en' : 'fr', text: r.reminderText?.trim() || r.subject };
}
