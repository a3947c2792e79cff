/**
 * A render process (started by RenderPool, bot/voice/render-pool.ts): makes voice notes one at a
 * time on request over IPC. Why a process of its own: starting the system's espeak-ng from the
 * server costs the server's event loop tens of milliseconds per note (fork copies the page
 * tables of a large process) and Opus encoding is CPU work; from this small process both cost
 * the server nothing but a message. Exits when the server that started it goes away.
 */
import { EspeakWorker } from './espeak-worker';
import { NativeEspeak } from './native-espeak';
import { makeVoiceNote, type WavSynthesizer } from './voice-note-maker';

export interface RenderRequest {
  id: number;
  voice: string;
  text: string;
  rate: number;
}

export type RenderReply =
  | ({ id: number; ok: true } & Awaited<ReturnType<typeof makeVoiceNote>>)
  | { id: number; ok: false; error: string; retryable: boolean };

function serve(): void {
  const path = process.env.RAPPEL_RENDER_ESPEAK;
  let synth: WavSynthesizer | undefined;
  process.on('message', (req: RenderRequest) => {
    synth ??= path ? new NativeEspeak(path) : new EspeakWorker();
    makeVoiceNote(synth, req.voice, req.text, req.rate).then(
      (note) => process.send?.({ id: req.id, ok: true, ...note } satisfies RenderReply),
      (e: Error & { retryable?: boolean }) => process.send?.({ id: req.id, ok: false, error: e.message, retryable: e.retryable ?? true } satisfies RenderReply),
    );
  });
  process.on('disconnect', () => process.exit(0));
}

if (require.main === module && process.send) serve();
