import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

export interface FfmpegLocation {
  path: string;
  source: 'option' | 'npm' | 'system';
}

/** The `ffmpeg` on PATH, if any: the system's build gets the distribution's security updates. */
function systemFfmpeg(env: NodeJS.ProcessEnv = process.env): string | null {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, 'ffmpeg');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      /* next */
    }
  }
  return null;
}

/**
 * FFMPEG_PATH wins; then the system's ffmpeg when one is installed (patched by the
 * distribution, unlike a binary frozen in an npm package); otherwise the static ffmpeg (with
 * libopus) that @ffmpeg-installer ships inside its npm package, so a machine without ffmpeg
 * still works. The converter checks libopus before its first use either way.
 */
export function resolveFfmpegPath(explicit?: string, env: NodeJS.ProcessEnv = process.env): FfmpegLocation {
  if (explicit) return { path: explicit, source: 'option' };
  const system = systemFfmpeg(env);
  if (system) return { path: system, source: 'system' };
  try {
    const installer = require('@ffmpeg-installer/ffmpeg') as { path: string };
    accessSync(installer.path, constants.X_OK);
    return { path: installer.path, source: 'npm' };
  } catch {
    // Unsupported platform (the installer throws a string) or a binary without its exec bit.
    return { path: 'ffmpeg', source: 'system' };
  }
}
