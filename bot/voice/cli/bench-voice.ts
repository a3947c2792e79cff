/**
 * Where the CPU of a voice note goes on this machine:
 *   npm run bench:voice [-- runs]
 * For a typical reminder sentence in French and English: synthesis (system espeak-ng when
 * installed, and the embedded WebAssembly build), WAV → Ogg/Opus in-process (libopus as
 * WebAssembly) and, for comparison, with an ffmpeg process, then the whole EspeakTextToSpeech
 * call in this process and, as the server makes it, through its pool of render processes (the
 * server's own share and the render process's, read from /proc). CPU counts this process (all
 * threads) and its children (espeak-ng and ffmpeg processes); wall time is printed beside it.
 * Medians over the runs.
 */
import { readFileSync } from 'node:fs';
import { EspeakTextToSpeech } from '../espeak-text-to-speech';
import { EspeakWorker } from '../espeak-worker';
import { FfmpegAudioConverter } from '../ffmpeg-audio-converter';
import { NativeEspeak } from '../native-espeak';
import { encodeOggOpus, wavSamples } from '../ogg-opus-encoder';
import { RenderPool } from '../render-pool';

const SENTENCES = {
  fr: 'Rappel : appeler le dentiste pour prendre rendez-vous, demain à neuf heures.',
  en: 'Reminder: call the dentist to book an appointment, tomorrow at nine a.m.',
} as const;
const VOICES = { fr: 'fr-fr', en: 'en-us' } as const;

const TICK_MS = 10; // USER_HZ = 100 on Linux

/** CPU ms used so far by this process (every thread) and its waited-for children. */
function cpuMs(): number {
  const self = process.cpuUsage();
  let children = 0;
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    children = (Number(fields[13]) + Number(fields[14])) * TICK_MS; // cutime, cstime
  } catch {
    /* not Linux: children not counted */
  }
  return (self.user + self.system) / 1000 + children;
}

/** CPU ms used so far by running processes (render processes are not waited for, so cutime misses them). */
function cpuOfPids(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = f.slice(f.lastIndexOf(')') + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * TICK_MS;
    } catch {
      /* gone */
    }
  }
  return total;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function measure<T>(runs: number, work: (i: number) => Promise<T>): Promise<{ wall: number; cpu: number; last: T }> {
  const walls: number[] = [];
  const cpus: number[] = [];
  let last!: T;
  for (let i = 0; i < runs; i++) {
    const c = cpuMs();
    const t = performance.now();
    last = await work(i);
    walls.push(performance.now() - t);
    cpus.push(cpuMs() - c);
  }
  return { wall: median(walls), cpu: median(cpus), last };
}

const fmt = (m: { wall: number; cpu: number }) => `${m.cpu.toFixed(0).padStart(4)} ms CPU (${m.wall.toFixed(0)} ms wall)`;

async function main(): Promise<void> {
  const runs = Number(process.argv[2] ?? 10);
  const converter = new FfmpegAudioConverter();
  const worker = new EspeakWorker();
  const native = NativeEspeak.detect();
  console.log(`${runs} runs, medians; system espeak-ng: ${native ? 'yes' : 'no'}; ffmpeg: ${converter.ffmpeg.source}\n`);
  // Warm-up: the WebAssembly modules compile once per process (eSpeak in its worker, libopus here).
  const cold = await measure(1, () => worker.synthesize('fr-fr', SENTENCES.fr, 160));
  encodeOggOpus(new Int16Array(22050), 22050);
  console.log(`eSpeak WebAssembly first call (worker start, module compile): ${fmt(cold)}\n`);

  for (const language of ['fr', 'en'] as const) {
    const text = SENTENCES[language];
    const wasmSynth = await measure(runs, () => worker.synthesize(VOICES[language], text, 160));
    const pcm = wavSamples(wasmSynth.last.wav)!;
    console.log(`${language}: "${text}" → ${(pcm.samples.length / pcm.sampleRate).toFixed(1)} s of speech`);
    console.log(`    synthesis, WebAssembly eSpeak (worker thread) ${fmt(wasmSynth)}`);
    if (native) console.log(`    synthesis, system espeak-ng (process)         ${fmt(await measure(runs, () => native.synthesize(VOICES[language], text, 160)))}`);
    const enc = await measure(runs, async () => encodeOggOpus(pcm.samples, pcm.sampleRate));
    console.log(`    WAV → Ogg/Opus in-process (libopus WASM)      ${fmt(enc)} → ${(enc.last.length / 1024).toFixed(1)} KB`);
    console.log(`    WAV → Ogg/Opus by an ffmpeg process (before)  ${fmt(await measure(runs, () => converter.toOggOpusMono(wasmSynth.last.wav)))}`);
    const wasmTts = new EspeakTextToSpeech(converter, worker, null);
    console.log(`    whole note, embedded default (no system pkg)  ${fmt(await measure(runs, () => wasmTts.synthesize(text, language)))}`);
    if (native) {
      const nativeTts = new EspeakTextToSpeech(converter, worker, native);
      console.log(`    whole note, system espeak-ng                  ${fmt(await measure(runs, () => nativeTts.synthesize(text, language)))}`);
    }
    // As the server makes notes: in a render process (one per core), the server only passing messages.
    const pool = new RenderPool(native?.path ?? null, 1);
    const pooled = new EspeakTextToSpeech(converter, worker, native, pool);
    await pooled.synthesize('Bonjour.', language); // the render process starts and compiles libopus once
    const pids = pool.processes.map((p) => p.pid!);
    const server: number[] = [];
    const render: number[] = [];
    for (let i = 0; i < runs; i++) {
      const s0 = cpuMs();
      const r0 = cpuOfPids(pids);
      await pooled.synthesize(text, language);
      server.push(cpuMs() - s0);
      render.push(cpuOfPids(pids) - r0);
    }
    console.log(`    whole note, render process (as the server)    ${median(render).toFixed(0).padStart(4)} ms CPU in the render process (with espeak-ng), ${median(server).toFixed(1)} ms in the server`);
    await pooled.close();
  }
  await worker.close();
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
