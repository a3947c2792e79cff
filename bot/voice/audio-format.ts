import { AudioDecodeError } from './audio-decode.error';

/** The containers voice notes come in, and the ffmpeg demuxer each is read with. */
export type AudioContainer = 'ogg' | 'webm' | 'mp4' | 'mp3' | 'wav' | 'amr';

const DEMUXER: Record<AudioContainer, string> = { ogg: 'ogg', webm: 'matroska', mp4: 'mov', mp3: 'mp3', wav: 'wav', amr: 'amr' };

/**
 * The container of an upload, from its first bytes: Ogg (Opus), WebM/Matroska, MP4/M4A, MP3,
 * WAV, AMR. Anything else (an HLS or DASH playlist, an ffconcat list, an SDP file, text, video
 * formats that may reference other files or URLs) is refused before ffmpeg sees it.
 */
export function detectAudioContainer(input: Buffer): AudioContainer | null {
  const ascii = (from: number, to: number) => input.subarray(from, to).toString('latin1');
  if (ascii(0, 4) === 'OggS') return 'ogg';
  if (input.length >= 4 && input.readUInt32BE(0) === 0x1a45dfa3) return 'webm';
  if (ascii(4, 8) === 'ftyp') return 'mp4';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'wav';
  if (ascii(0, 5) === '#!AMR') return 'amr';
  if (ascii(0, 3) === 'ID3') return 'mp3';
  // An MPEG audio frame: 11 sync bits, layer not reserved.
  if (input.length >= 2 && input[0] === 0xff && (input[1] & 0xe0) === 0xe0 && (input[1] & 0x06) !== 0) return 'mp3';
  return null;
}

/**
 * ffmpeg input options that read the file as exactly that container and nothing else: a
 * forced demuxer (no probing into playlists) and a protocol allow-list of local files and
 * pipes (a container that points elsewhere cannot make ffmpeg open a URL or another file).
 */
export function safeInputOptions(input: Buffer): string[] {
  const container = detectAudioContainer(input);
  if (!container) throw new AudioDecodeError('Unsupported audio format (accepted: Ogg/Opus, WebM, MP4/M4A, MP3, WAV, AMR)');
  return ['-nostdin', '-protocol_whitelist', 'file,pipe', '-f', DEMUXER[container]];
}
