import { FfmpegAudioConverter } from './ffmpeg-audio-converter';
import { readOggOpusInfo } from './ogg-opus';
import { encodeOggOpus, wavSamples } from './ogg-opus-encoder';
import { encodePcmWav, sineSamples } from './pcm-wav';
import OpusScript from 'opusscript';

/** Decodes every audio packet of an Ogg/Opus file (one packet per lacing run; header pages skipped). */
function decodeOggOpus(ogg: Buffer, rate: 24_000): Int16Array {
  const decoder = new OpusScript(rate, 1);
  const out: number[] = [];
  try {
    let off = 0;
    let page = 0;
    while (off + 27 <= ogg.length) {
      const segments = ogg[off + 26];
      let body = off + 27 + segments;
      let len = 0;
      for (let s = 0; s < segments; s++) {
        len += ogg[off + 27 + s];
        if (ogg[off + 27 + s] < 255) {
          if (page >= 2) {
            const pcm = decoder.decode(ogg.subarray(body, body + len));
            for (let i = 0; i < pcm.length; i += 2) out.push(pcm.readInt16LE(i));
          }
          body += len;
          len = 0;
        }
      }
      off = body;
      page++;
    }
  } finally {
    decoder.delete();
  }
  return Int16Array.from(out);
}

describe('in-process Ogg/Opus encoding', () => {
  const converter = new FfmpegAudioConverter();

  it.each([22050, 16000, 24000, 48000])('turns %i Hz mono PCM into Ogg/Opus that ffmpeg decodes, of the same length', async (rate) => {
    const seconds = 3.3;
    const wav = encodePcmWav(sineSamples(seconds, rate, 220), rate);
    const pcm = wavSamples(wav)!;
    expect(pcm.sampleRate).toBe(rate);
    const ogg = encodeOggOpus(pcm.samples, pcm.sampleRate);
    const info = readOggOpusInfo(ogg)!;
    expect(info).toMatchObject({ channels: 1, inputSampleRate: rate });
    expect(Math.abs(info.durationSeconds - seconds)).toBeLessThan(0.03);
    // ffmpeg checks every page's CRC and decodes every packet.
    const probe = await converter.probe(ogg);
    expect(probe).toMatchObject({ codec: 'opus', channels: 1 });
    expect(Math.abs(probe.durationSeconds - seconds)).toBeLessThan(0.05);
    // 28 kbit/s: about 3.5 KB a second.
    expect(ogg.length).toBeLessThan(seconds * 4500);
  });

  it('keeps a speech-like signal (a voiced vowel gliding in pitch, with formants) close to the input', () => {
    const rate = 22050;
    const n = Math.round(rate * 2);
    const input = new Int16Array(n);
    let phase = 0;
    for (let i = 0; i < n; i++) {
      const t = i / rate;
      phase += (2 * Math.PI * (120 + 40 * Math.sin(2 * Math.PI * 1.5 * t))) / rate;
      let v = 0;
      // Harmonics shaped by two formants (about 700 and 1,200 Hz), the rest falling off.
      for (let h = 1; h <= 30; h++) {
        const f = (h * (120 + 40 * Math.sin(2 * Math.PI * 1.5 * t)));
        const gain = 1 / (1 + ((f - 700) / 150) ** 2) + 0.7 / (1 + ((f - 1200) / 200) ** 2) + 0.02;
        v += gain * Math.sin(h * phase);
      }
      input[i] = Math.round(4000 * v * (0.6 + 0.4 * Math.sin(2 * Math.PI * 3 * t)));
    }
    const ogg = encodeOggOpus(input, rate);
    const decoded = decodeOggOpus(ogg, 24_000);
    const reference = Array.from({ length: Math.floor((n * 24_000) / rate) }, (_, i) => {
      const x = (i * rate) / 24_000;
      const j = Math.floor(x);
      return input[j] + ((input[j + 1] ?? input[j]) - input[j]) * (x - j);
    });
    // Players skip the pre-skip (312 samples at 48 kHz = 156 at 24 kHz); compare after it.
    let signal = 0;
    let noise = 0;
    for (let i = 2400; i < reference.length - 2400; i++) {
      signal += reference[i] ** 2;
      noise += (reference[i] - decoded[i + 156]) ** 2;
    }
    // Here AUDIO at 28 kbit/s gives about 15 dB; VOIP at 24 kbit/s, the former setting, 7.5 dB.
    expect(10 * Math.log10(signal / noise)).toBeGreaterThan(12);
  });

  it('reads a WAV whose data size eSpeak could not fill in (written to a pipe)', () => {
    const wav = encodePcmWav(sineSamples(0.5, 22050, 220), 22050);
    const piped = Buffer.from(wav);
    const dataAt = piped.indexOf('data');
    piped.writeUInt32LE(0xffffffff, dataAt + 4);
    expect(wavSamples(piped)!.samples.length).toBe(wavSamples(wav)!.samples.length);
    expect(wavSamples(Buffer.from('not a wav at all, not a wav at all, not a wav'))).toBeNull();
  });
});
