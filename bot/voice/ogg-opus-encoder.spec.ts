import { FfmpegAudioConverter } from './ffmpeg-audio-converter';
import { readOggOpusInfo } from './ogg-opus';
import { encodeOggOpus, wavSamples } from './ogg-opus-encoder';
import { encodePcmWav, sineSamples } from './pcm-wav';

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
    // 24 kbit/s: about 3 KB a second.
    expect(ogg.length).toBeLessThan(seconds * 4000);
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
