import { execFile, execFileSync } from 'node:child_process';
import { SpeechSynthesisError } from './speech-synthesis.error';

/**
 * The system's espeak-ng (Debian's `espeak-ng` package), when installed: a native process
 * synthesises a sentence in a few tens of milliseconds, several times faster than the
 * WebAssembly build, and in its own process (several run at once, one per core). Writes the WAV
 * to stdout; the text goes after `--` so it is never read as an option.
 */
export class NativeEspeak {
  readonly engine = 'espeak-ng (system)';

  constructor(readonly path: string) {}

  /** The system's espeak-ng if it answers `--version`, else null (the embedded WebAssembly build is used). */
  static detect(path = 'espeak-ng'): NativeEspeak | null {
    try {
      const out = execFileSync(path, ['--version'], { encoding: 'utf8', timeout: 5000, stdio: ['ignore', 'pipe', 'ignore'] });
      return /eSpeak NG/i.test(out) ? new NativeEspeak(path) : null;
    } catch {
      return null;
    }
  }

  synthesize(voice: string, text: string, rate: number): Promise<{ wav: Buffer; ms: number }> {
    const started = performance.now();
    return new Promise((resolve, reject) => {
      execFile(
        this.path,
        ['-v', voice, '-s', String(rate), '--stdout', '--', text],
        { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024, timeout: 30_000 },
        (err, stdout, stderr) => {
          if (err) {
            reject(new SpeechSynthesisError(`espeak-ng failed: ${String(stderr).trim().split('\n').pop() || err.message}`, true));
            return;
          }
          resolve({ wav: stdout, ms: performance.now() - started });
        },
      );
    });
  }
}
