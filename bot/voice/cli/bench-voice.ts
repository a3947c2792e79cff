/**
 * Prints how long the embedded voice pipeline takes on this machine:
 *   npx tsx bot/voice/cli/bench-voice.ts [runs]
 * eSpeak-NG synthesis (inside its worker), WAV → Ogg/Opus conversion, probing, and the whole
 * embedded text-to-speech call, for a typical reminder sentence in French and English.
 */
import { EspeakTextToSpeech } from '../espeak-text-to-speech';
import { EspeakWorker } from '../espeak-worker';
import { FfmpegAudioConverter } from '../ffmpeg-audio-converter';
import { readOggOpusInfo } from '../ogg-opus';
import { encodePcmWav, readWavInfo, sineSamples } from '../pcm-wav';

const SENTENCES = {
  fr: 'Rappel : appeler le dentiste pour prendre rendez-vous, demain à neuf heures.',
  en: 'Reminder: call the dentist to book an appointment, tomorrow at nine a.m.',
} as const;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function time<T>(work: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const result = await work();
  return [performance.now() - started, result];
}

async function main(): Promise<void> {
  const runs = Number(process.argv[2] ?? 10);
  const converter = new FfmpegAudioConverter();
  const worker = new EspeakWorker();
  const tts = new EspeakTextToSpeech(converter, worker);
  console.log(`ffmpeg: ${converter.ffmpeg.source} ${converter.ffmpeg.path}; ${runs} runs, median ms\n`);

  const [coldMs] = await time(() => worker.synthesize('fr-fr', SENTENCES.fr, 160));
  console.log(`eSpeak-NG first call (worker start, module compile): ${coldMs.toFixed(0)} ms`);

  for (const language of ['fr', 'en'] as const) {
    const voice = language === 'fr' ? 'fr-fr' : 'en-us';
    const synth: number[] = [];
    const convert: number[] = [];
    const total: number[] = [];
    let seconds = 0;
    let bytes = 0;
    for (let i = 0; i < runs; i++) {
      const [ms, { wav }] = await time(() => worker.synthesize(voice, SENTENCES[language], 160));
      synth.push(ms);
      seconds = readWavInfo(wav)!.durationSeconds;
      const [convMs, ogg] = await time(() => converter.toOggOpusMono(wav));
      convert.push(convMs);
      bytes = ogg.length;
      const [allMs] = await time(() => tts.synthesize(SENTENCES[language], language));
      total.push(allMs);
    }
    console.log(
      `${language}: "${SENTENCES[language]}" → ${seconds.toFixed(1)} s of speech, ${(bytes / 1024).toFixed(1)} KB Ogg/Opus\n` +
        `    synthesis ${median(synth).toFixed(0)} ms · WAV→Ogg/Opus ${median(convert).toFixed(0)} ms · whole synthesize() ${median(total).toFixed(0)} ms`,
    );
  }

  console.log('');
  for (const seconds of [5, 30, 120, 300]) {
    const wav = encodePcmWav(sineSamples(seconds, 22050, 220), 22050);
    const durations: number[] = [];
    let out: Buffer = Buffer.alloc(0);
    for (let i = 0; i < Math.min(runs, seconds > 60 ? 2 : runs); i++) {
      const [ms, ogg] = await time(() => converter.toOggOpusMono(wav));
      durations.push(ms);
      out = ogg;
    }
    const [probeMs] = await time(() => converter.probe(out));
    console.log(
      `convert ${String(seconds).padStart(3)} s WAV → ${(out.length / 1024).toFixed(0).padStart(3)} KB Ogg/Opus (${readOggOpusInfo(out)!.durationSeconds.toFixed(0)} s): ` +
        `${median(durations).toFixed(0)} ms; probe ${probeMs.toFixed(0)} ms`,
    );
  }
  await tts.close();
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
