import { accessSync, constants } from 'node:fs';

export interface FfmpegLocation {
  path: string;
  source: 'option' | 'npm' | 'system';
}

/**
 * FFMPEG_PATH wins; otherwise the static ffmpeg (with libopus) that @ffmpeg-installer ships
 * inside its npm package, so production needs no system package; the PATH is a last resort
 * for platforms that package does not cover.
 */
export function resolveFfmpegPath(explicit?: string): FfmpegLocation {
  if (explicit) return { path: explicit, source: 'option' };
  try {
    const installer = require('@ffmpeg-installer/ffmpeg') as { path: string };
    accessSync(installer.path, constants.X_OK);
    return { path: installer.path, source: 'npm' };
  } catch {
    // Unsupported platform (the installer throws a string) or a binary without its exec bit.
    return { path: 'ffmpeg', source: 'system' };
  }
}
