import { ChildProcess, fork } from 'node:child_process';
import { availableParallelism } from 'node:os';
import type { RenderReply, RenderRequest } from './render-process';
import { SpeechSynthesisError } from './speech-synthesis.error';
import type { MadeNote } from './voice-note-maker';

interface Job {
  request: Omit<RenderRequest, 'id'>;
  resolve: (note: MadeNote) => void;
  reject: (e: Error) => void;
}

interface Slot {
  child?: ChildProcess;
  busy?: Job & { id: number; timer: NodeJS.Timeout };
}

/**
 * Voice notes are made in a pool of small child processes (bot/voice/render-process.ts), one per
 * core, one note at a time each: the server's event loop keeps sending while notes are made,
 * and a burst of notes queues here instead of competing for the cores. A process that dies or
 * takes longer than `timeoutMs` fails its note (retryable) and is replaced on the next request.
 * Idle processes do not keep the server alive; they exit with it.
 */
export class RenderPool {
  private readonly slots: Slot[];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    /** The system's espeak-ng, or null for eSpeak-NG's WebAssembly build inside each process. */
    private readonly espeakPath: string | null,
    readonly size = Math.max(1, availableParallelism()),
    private readonly timeoutMs = 30_000,
  ) {
    this.slots = Array.from({ length: size }, () => ({}));
  }

  render(voice: string, text: string, rate: number): Promise<MadeNote> {
    if (this.closed) return Promise.reject(new SpeechSynthesisError('The voice render pool is closed', true));
    return new Promise((resolve, reject) => {
      this.queue.push({ request: { voice, text, rate }, resolve, reject });
      this.pump();
    });
  }

  /** Processes running now (for tests). */
  get processes(): ChildProcess[] {
    return this.slots.flatMap((s) => (s.child ? [s.child] : []));
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new SpeechSynthesisError('The voice render pool is closed', true));
    await Promise.all(
      this.slots.map(async (slot) => {
        const child = slot.child;
        if (!child) return;
        const exited = new Promise<void>((r) => child.once('exit', () => r()));
        child.kill();
        await exited;
      }),
    );
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (!this.queue.length) return;
      if (slot.busy) continue;
      const job = this.queue.shift()!;
      const child = slot.child ?? this.start(slot);
      const id = this.nextId++;
      const timer = setTimeout(() => {
        this.fail(slot, new SpeechSynthesisError(`Making a voice note took more than ${this.timeoutMs} ms`, true));
        child.kill('SIGKILL');
      }, this.timeoutMs);
      slot.busy = { ...job, id, timer };
      ref(child, true);
      child.send({ id, ...job.request } satisfies RenderRequest, (err) => {
        if (err) this.fail(slot, new SpeechSynthesisError(`The voice render process is gone: ${err.message}`, true));
      });
    }
  }

  private start(slot: Slot): ChildProcess {
    // Compiled: render-process.js beside this file. From TypeScript sources (tests, tsx scripts),
    // the process loads the .ts file through tsx, as the caller does.
    const entry = require.resolve('./render-process');
    const child = fork(entry, [], {
      execArgv: entry.endsWith('.ts') ? ['--require', require.resolve('tsx/cjs')] : [],
      env: { ...process.env, RAPPEL_RENDER_ESPEAK: this.espeakPath ?? '' },
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    slot.child = child;
    child.on('message', (reply: RenderReply) => {
      const job = slot.busy;
      if (!job || job.id !== reply.id) return;
      clearTimeout(job.timer);
      slot.busy = undefined;
      ref(child, false);
      if (reply.ok) {
        job.resolve({ ...reply, ogg: reply.ogg && toBuffer(reply.ogg), wav: toBuffer(reply.wav) });
      } else {
        job.reject(new SpeechSynthesisError(reply.error, reply.retryable));
      }
      this.pump();
    });
    child.on('exit', (code, signal) => {
      if (slot.child === child) slot.child = undefined;
      this.fail(slot, new SpeechSynthesisError(`The voice render process stopped (${signal ?? code})`, true));
    });
    child.on('error', (e) => this.fail(slot, new SpeechSynthesisError(`The voice render process failed: ${e.message}`, true, { cause: e })));
    return child;
  }

  private fail(slot: Slot, error: Error): void {
    const job = slot.busy;
    if (!job) return;
    clearTimeout(job.timer);
    slot.busy = undefined;
    if (slot.child) ref(slot.child, false);
    job.reject(error);
    if (!this.closed) this.pump();
  }
}

/** An idle render process must not keep the server (or a test) alive. */
function ref(child: ChildProcess, on: boolean): void {
  const channel = child.channel as { ref?: () => void; unref?: () => void } | undefined;
  if (on) {
    child.ref();
    channel?.ref?.();
  } else {
    child.unref();
    channel?.unref?.();
  }
}

/** Buffers cross the IPC channel as Uint8Arrays. */
function toBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
