import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { LruByteCache } from './lru-byte-cache';
import type { TextToSpeech } from './text-to-speech.port';
import type { VoiceLanguage } from './voice-language';

export interface TtsCacheOptions {
  /** In-process budget (default 32 MB, about 4,000 short reminders). */
  memoryBytes?: number;
  /** When set, results are also kept as files here, shared by restarts (and by replicas on a shared volume). */
  directory?: string;
  /** Files older than this are deleted when the cache starts (default 30 days). */
  maxAgeDays?: number;
}

// Bump when the audio pipeline changes (voice, rate, bitrate) so old files are not served.
const FORMAT_VERSION = 'v1';

/**
 * Same engine, language and text give the same bytes without synthesising twice: a delivery
 * that is retried, or the same reminder text for many users, costs one synthesis (and, with
 * OpenAI, one paid request).
 *
 * Not Postgres (rule 3): this is not state. Losing it costs only a new synthesis, and two
 * instances synthesising the same text both get valid audio. So memory, plus optional files
 * under DATA_DIR that survive a restart.
 */
export class CachedTextToSpeech implements TextToSpeech {
  readonly engine: string;
  private readonly memory: LruByteCache;
  private readonly inFlight = new Map<string, Promise<Buffer>>();
  private readonly logger = new Logger('CachedTextToSpeech');
  private readonly ready: Promise<void>;

  constructor(
    private readonly inner: TextToSpeech,
    private readonly options: TtsCacheOptions = {},
  ) {
    this.engine = inner.engine;
    this.memory = new LruByteCache(options.memoryBytes ?? 32 * 1024 * 1024);
    this.ready = options.directory ? this.prepareDirectory(options.directory) : Promise.resolve();
  }

  synthesize(text: string, language: VoiceLanguage): Promise<Buffer> {
    const key = this.keyOf(text, language);
    const hit = this.memory.get(key);
    if (hit) return Promise.resolve(hit);
    // Two callers asking at once (a retry racing the original) share one synthesis.
    const running = this.inFlight.get(key);
    if (running) return running;
    const work = this.load(key, text, language).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, work);
    return work;
  }

  /** Stops the engine underneath (the embedded one owns a worker thread). */
  async close(): Promise<void> {
    await (this.inner as TextToSpeech & { close?: () => Promise<void> }).close?.();
  }

  private async load(key: string, text: string, language: VoiceLanguage): Promise<Buffer> {
    const fromDisk = await this.readFile(key);
    if (fromDisk) {
      this.memory.set(key, fromDisk);
      return fromDisk;
    }
    const audio = await this.inner.synthesize(text, language);
    this.memory.set(key, audio);
    await this.writeFile(key, audio);
    return audio;
  }

  private keyOf(text: string, language: VoiceLanguage): string {
    const normalised = text.replace(/\s+/g, ' ').trim();
    return createHash('sha256')
      .update([FORMAT_VERSION, this.inner.engine, language, normalised].join('\u0000'))
      .digest('hex');
  }

  private async readFile(key: string): Promise<Buffer | undefined> {
    if (!this.options.directory) return undefined;
    await this.ready;
    try {
      return await readFile(join(this.options.directory, `${key}.ogg`));
    } catch {
      return undefined;
    }
  }

  private async writeFile(key: string, audio: Buffer): Promise<void> {
    const dir = this.options.directory;
    if (!dir) return;
    await this.ready;
    const tmp = join(dir, `.${key}.${randomUUID()}.tmp`);
    try {
      // Write then rename, so a reader on another instance never sees half a file.
      await writeFile(tmp, audio);
      await rename(tmp, join(dir, `${key}.ogg`));
    } catch (err) {
      this.logger.warn(`Could not keep synthesised audio on disk: ${(err as Error).message}`);
      await unlink(tmp).catch(() => undefined);
    }
  }

  private async prepareDirectory(dir: string): Promise<void> {
    try {
      await mkdir(dir, { recursive: true });
      const cutoff = Date.now() - (this.options.maxAgeDays ?? 30) * 86_400_000;
      for (const name of await readdir(dir)) {
        const file = join(dir, name);
        const info = await stat(file).catch(() => undefined);
        if (info && info.mtimeMs < cutoff) await unlink(file).catch(() => undefined);
      }
    } catch (err) {
      this.logger.warn(`Voice cache directory ${dir} unusable, caching in memory only: ${(err as Error).message}`);
    }
  }
}
