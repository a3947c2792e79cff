import { readOggOpusInfo } from './ogg-opus';
import { encodePcmWav, readWavInfo, sineSamples } from './pcm-wav';

function oggPage(granule: bigint, payload: Buffer): Buffer {
  const header = Buffer.alloc(27);
  header.write('OggS', 0, 'ascii');
  header.writeBigInt64LE(granule, 6);
  header[26] = 1;
  return Buffer.concat([header, Buffer.from([payload.length]), payload]);
}

function opusHead(channels: number, preSkip: number): Buffer {
  const b = Buffer.alloc(19);
  b.write('OpusHead', 0, 'ascii');
  b[8] = 1;
  b[9] = channels;
  b.writeUInt16LE(preSkip, 10);
  b.writeUInt32LE(16000, 12);
  return b;
}

describe('readOggOpusInfo', () => {
  it('reads channels and the duration from the last granule position less pre-skip', () => {
    const bytes = Buffer.concat([
      oggPage(0n, opusHead(2, 312)),
      oggPage(0n, Buffer.from('OpusTags')),
      oggPage(48000n * 2n + 312n, Buffer.alloc(30)),
    ]);
    expect(readOggOpusInfo(bytes)).toEqual({ channels: 2, inputSampleRate: 16000, durationSeconds: 2 });
  });

  it('returns null for other formats', () => {
    expect(readOggOpusInfo(encodePcmWav(sineSamples(0.1, 8000), 8000))).toBeNull();
    expect(readOggOpusInfo(Buffer.concat([oggPage(0n, Buffer.from('\x01vorbis'.padEnd(30, '\0'))), Buffer.alloc(30)]))).toBeNull();
    expect(readOggOpusInfo(Buffer.from('OggS'))).toBeNull();
  });
});

describe('readWavInfo', () => {
  it('reads the format and duration of a PCM WAV', () => {
    expect(readWavInfo(encodePcmWav(sineSamples(1.5, 22050, 440, 2), 22050, 2))).toEqual({
      channels: 2,
      sampleRate: 22050,
      bitsPerSample: 16,
      dataBytes: 1.5 * 22050 * 4,
      durationSeconds: 1.5,
    });
  });

  it('trusts the bytes present over a placeholder data size', () => {
    const wav = encodePcmWav(sineSamples(1, 8000), 8000);
    wav.writeUInt32LE(0x7ffff000, 40);
    expect(readWavInfo(wav)?.durationSeconds).toBe(1);
  });
});
