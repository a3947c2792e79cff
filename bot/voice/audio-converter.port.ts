export interface AudioProbe {
  durationSeconds: number;
  /** ffmpeg's codec name: opus, vorbis, pcm_s16le, aac, mp3... */
  codec: string;
  channels: number;
  sampleRate?: number;
  /** ffmpeg's container name: ogg, wav, matroska,webm, mov,mp4,m4a,3gp,3g2,mj2... */
  container?: string;
}

export interface ConvertOptions {
  /** Opus bitrate to try first; lowered automatically when the result would be too big. */
  bitrateKbps?: number;
  /** Ceiling for the encoded result (default 512 KB, WhatsApp's limit for inline voice notes). */
  maxOutputBytes?: number;
}

/** Port: turns whatever audio a channel or a speech engine gives into mono OGG/Opus, and measures audio. */
export interface AudioConverter {
  toOggOpusMono(input: Buffer, opts?: ConvertOptions): Promise<Buffer>;
  probe(input: Buffer): Promise<AudioProbe>;
}
