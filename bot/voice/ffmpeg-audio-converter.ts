import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ffmpeg from 'fluent-ffmpeg';
import type { AudioConverter, AudioProbe, ConvertOptions } from './audio-converter.port';
import { AudioConversionError } from './audio-conversion.error';
import { AudioDecodeError } from './audio-decode.error';
import { AudioLimitError } from './audio-limit.error';
import { lastStderrLine, parseFfmpegStderr } from './ffmpeg-stderr';
import { readOggOpusInfo } from './ogg-opus';
import { readWavInfo } from './pcm-wav';
import { resolveFfmpegPath, type FfmpegLocation } from './resolve-ffmpeg-path';
import { safeInputOptions } from './audio-format';

export interface FfmpegAudioConverterOptions {
  ffmpegPath?: string;
  /** Refuse bigger inputs before spawning anything (default 16 MB). */
  maxInputBytes?: number;
  /** Refuse longer audio (default 300 s); ffmpeg stops decoding just past it either way. */
  maxDurationSeconds?: number;
  /** Default 512 KB: above it WhatsApp shows a voice note as a file instead of playing it. */
  maxOutputBytes?: number;
  /** Default 24 kbit/s: clear speech in mono Opus, 170 s fit in 512 KB. */
  bitrateKbps?: number;
  /** Kill ffmpeg after this long (default 60 s). */
  timeoutSeconds?: number;
  /** ffmpeg processes allowed at once (default 2, one per core of our machines). */
  concurrency?: number;
}

const MIN_BITRATE_KBPS = 6;
// Ogg pages and Opus framing cost a few percent on top of the nominal bitrate.
const CONTAINER_OVERHEAD = 0.9;

interface FfmpegRun {
  stderr: string;
}

export class FfmpegAudioConverter implements AudioConverter {
  readonly ffmpeg: FfmpegLocation;
  private readonly maxInputBytes: number;
  private readonly maxDurationSeconds: number;
  private readonly maxOutputBytes: number;
  private readonly bitrateKbps: number;
  private readonly timeoutSeconds: number;
  private readonly concurrency: number;
  private usable?: Promise<void>;
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(options: FfmpegAudioConverterOptions = {}) {
    this.ffmpeg = resolveFfmpegPath(options.ffmpegPath);
    this.maxInputBytes = options.maxInputBytes ?? 16 * 1024 * 1024;
    this.maxDurationSeconds = options.maxDurationSeconds ?? 300;
    this.maxOutputBytes = options.maxOutputBytes ?? 512 * 1024;
    this.bitrateKbps = options.bitrateKbps ?? 24;
    this.timeoutSeconds = options.timeoutSeconds ?? 60;
    this.concurrency = options.concurrency ?? 2;
  }

  async toOggOpusMono(input: Buffer, opts: ConvertOptions = {}): Promise<Buffer> {
    this.checkInput(input);
    const maxOutputBytes = opts.maxOutputBytes ?? this.maxOutputBytes;
    const requested = opts.bitrateKbps ?? this.bitrateKbps;
    // WAV (our own synthesis) and Ogg/Opus say their length in their bytes: refuse early and
    // pick the bitrate that fits the first time.
    const knownDuration = readWavInfo(input)?.durationSeconds ?? readOggOpusInfo(input)?.durationSeconds;
    if (knownDuration !== undefined && knownDuration > this.maxDurationSeconds) {
      throw new AudioLimitError('duration', knownDuration, this.maxDurationSeconds);
    }

    const inputOptions = safeInputOptions(input);
    return this.withTempDir(async (dir) => {
      const inPath = join(dir, 'input');
      const outPath = join(dir, 'output.ogg');
      await writeFile(inPath, input);

      let bitrate = this.fitBitrate(requested, knownDuration, maxOutputBytes);
      for (let attempt = 0; attempt < 2; attempt++) {
        const { stderr } = await this.run(inPath, inputOptions, [
          '-map', '0:a:0',
          '-vn',
          '-ac', '1',
          '-ar', '48000',
          '-c:a', 'libopus',
          '-b:a', `${bitrate}k`,
          '-application', 'voip',
          // Stop decoding just past the limit so an hour-long upload costs no more than the limit.
          '-t', String(this.maxDurationSeconds + 1),
          '-f', 'ogg',
        ], outPath);
        const parsed = parseFfmpegStderr(stderr);
        const inputSeconds = parsed.headerDuration ?? parsed.decodedSeconds ?? 0;
        if (inputSeconds > this.maxDurationSeconds) {
          throw new AudioLimitError('duration', inputSeconds, this.maxDurationSeconds);
        }
        const output = await readFile(outPath);
        const info = readOggOpusInfo(output);
        if (!info || info.durationSeconds < 0.02) {
          throw new AudioDecodeError(`No audio could be decoded (${lastStderrLine(stderr)})`);
        }
        if (output.length <= maxOutputBytes) return output;
        const lower = this.fitBitrate(requested, info.durationSeconds, maxOutputBytes);
        if (lower >= bitrate) break;
        bitrate = lower;
      }
      throw new AudioConversionError(`Could not fit the audio in ${maxOutputBytes} bytes`);
    });
  }

  async probe(input: Buffer): Promise<AudioProbe> {
    this.checkInput(input);
    const inputOptions = safeInputOptions(input);
    return this.withTempDir(async (dir) => {
      const inPath = join(dir, 'input');
      await writeFile(inPath, input);
      // Decoding to the null muxer validates every packet and yields a duration even for
      // containers that carry none in their header.
      const { stderr } = await this.run(inPath, inputOptions, ['-map', '0:a:0', '-f', 'null'], '-');
      const parsed = parseFfmpegStderr(stderr);
      if (!parsed.codec || parsed.durationSeconds === undefined) {
        throw new AudioDecodeError(`No audio stream found (${lastStderrLine(stderr)})`);
      }
      return {
        durationSeconds: parsed.durationSeconds,
        codec: parsed.codec,
        channels: parsed.channels ?? 1,
        sampleRate: parsed.sampleRate,
        container: parsed.container,
      };
    });
  }

  private checkInput(input: Buffer): void {
    if (input.length > this.maxInputBytes) {
      throw new AudioLimitError('size', input.length, this.maxInputBytes);
    }
    if (input.length === 0) throw new AudioDecodeError('Audio is empty');
  }

  private fitBitrate(requested: number, durationSeconds: number | undefined, maxBytes: number): number {
    if (!durationSeconds) return requested;
    const budgetKbps = Math.floor((maxBytes * 8 * CONTAINER_OVERHEAD) / durationSeconds / 1000);
    return Math.max(MIN_BITRATE_KBPS, Math.min(requested, budgetKbps));
  }

  private async withTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
    const dir = await mkdtemp(join(tmpdir(), 'rappel-voice-'));
    try {
      return await work(dir);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /**
   * fluent-ffmpeg throws from inside its exit handler when the binary cannot be spawned (an
   * uncaught TypeError that would take the server down), so the binary is tried once first.
   * A failure is not remembered: installing ffmpeg fixes a running server.
   */
  private ensureUsable(): Promise<void> {
    this.usable ??= new Promise<void>((resolve, reject) => {
      execFile(this.ffmpeg.path, ['-hide_banner', '-version'], { timeout: 10_000 }, (err, stdout) => {
        if (err) reject(new AudioConversionError(`ffmpeg could not start at ${this.ffmpeg.path}: ${err.message}`, { cause: err }));
        else if (!/libopus/.test(stdout)) reject(new AudioConversionError(`ffmpeg at ${this.ffmpeg.path} has no libopus`));
        else resolve();
      });
    }).catch((err: Error) => {
      this.usable = undefined;
      throw err;
    });
    return this.usable;
  }

  private async run(inPath: string, inputOptions: string[], outputOptions: string[], target: string): Promise<FfmpegRun> {
    await this.ensureUsable();
    await this.acquire();
    try {
      return await new Promise<FfmpegRun>((resolve, reject) => {
        ffmpeg(inPath, { timeout: this.timeoutSeconds, stdoutLines: 0 })
          .setFfmpegPath(this.ffmpeg.path)
          .inputOptions(inputOptions)
          .outputOptions(outputOptions)
          .on('error', (err: Error, _stdout: string | null, stderr: string | null) => {
            reject(this.classify(err, stderr ?? ''));
          })
          .on('end', (_stdout: string | null, stderr: string | null) => resolve({ stderr: stderr ?? '' }))
          .save(target);
      });
    } finally {
      this.release();
    }
  }

  private classify(err: Error, stderr: string): Error {
    const message = err.message ?? String(err);
    if (/spawn|ENOENT|EACCES|Cannot find ffmpeg/i.test(message)) {
      return new AudioConversionError(`ffmpeg could not start at ${this.ffmpeg.path}: ${message}`, { cause: err });
    }
    if (/killed with signal/i.test(message)) {
      return new AudioConversionError(`ffmpeg was stopped after ${this.timeoutSeconds} s`, { cause: err });
    }
    // Our command lines are fixed, so ffmpeg exiting in error means it could not read the input.
    const reason = (lastStderrLine(stderr) || message).replace(/\S*rappel-voice-[^/\s]+\/input/g, 'input');
    return new AudioDecodeError(`Audio could not be decoded: ${reason}`, { cause: err });
  }

  private acquire(): Promise<void> {
    if (this.running < this.concurrency) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}
