import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { SpeechSynthesisError } from './speech-synthesis.error';
import { ESPEAK_WORKER_SOURCE } from './espeak-worker-source';

interface Pending {
  resolve: (result: { wav: Buffer; ms: number }) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

type WorkerReply = { id: number; ok: true; wav: Uint8Array; ms: number } | { id: number; ok: false; error: string };

/**
 * Owns the eSpeak-NG worker thread: starts it on first use, restarts it after a crash or a
 * timeout, and keeps the process alive only while a request is in flight.
 */
export class EspeakWorker {
  private worker?: Worker;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  constructor(private readonly timeoutMs = 30_000) {}

  /** Returns a 22 kHz mono 16-bit WAV and the time eSpeak spent inside the worker. */
  synthesize(voice: string, text: string, rate: number): Promise<{ wav: Buffer; ms: number }> {
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.failAll(new SpeechSynthesisError(`eSpeak-NG took more than ${this.timeoutMs} ms`, true));
        void worker.terminate();
      }, this.timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      worker.ref();
      worker.postMessage({ id, voice, text, rate });
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.failAll(new SpeechSynthesisError('eSpeak-NG worker closed', true));
    if (worker) await worker.terminate();
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    // espeak-ng has "main" but no "exports", so CommonJS resolution finds its entry file.
    const entry = require.resolve('espeak-ng');
    const worker = new Worker(ESPEAK_WORKER_SOURCE, {
      eval: true,
      workerData: { entryUrl: pathToFileURL(entry).href, wasmPath: join(dirname(entry), 'espeak-ng.wasm') },
    });
    worker.unref();
    worker.on('message', (reply: WorkerReply) => this.settle(reply));
    worker.on('error', (err) => {
      this.failAll(new SpeechSynthesisError(`eSpeak-NG worker failed: ${err.message}`, true, { cause: err }));
    });
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = undefined;
      this.failAll(new SpeechSynthesisError('eSpeak-NG worker stopped', true));
    });
    this.worker = worker;
    return worker;
  }

  private settle(reply: WorkerReply): void {
    const pending = this.pending.get(reply.id);
    if (!pending) return;
    this.pending.delete(reply.id);
    clearTimeout(pending.timer);
    if (this.pending.size === 0) this.worker?.unref();
    if (reply.ok) pending.resolve({ wav: Buffer.from(reply.wav.buffer, reply.wav.byteOffset, reply.wav.byteLength), ms: reply.ms });
    else pending.reject(new SpeechSynthesisError(reply.error));
  }

  private failAll(error: Error): void {
    for (const [id, pending] of this.pending) {
      clearTimeout(pending.timer);
      pending.reject(error);
      this.pending.delete(id);
    }
    this.worker?.unref();
  }
}
