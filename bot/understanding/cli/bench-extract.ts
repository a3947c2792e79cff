import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { readCases } from '../evaluation';
import { understand } from '../understand';

/**
 * Prints extraction throughput (one JSON line) over the public sample and the Duckling-derived
 * cases: a warm-up pass, then as many passes as fit in about five seconds.
 */
function main(): void {
  const fixtures = resolve(__dirname, '../fixtures');
  const files = [resolve(fixtures, 'sample.jsonl'), resolve(fixtures, 'duckling.jsonl')].filter((f) => existsSync(f));
  const cases = files.flatMap(readCases);
  const run = () => {
    for (const c of cases) understand(c.text, { now: c.now, timezone: c.timezone, language: c.language });
  };
  run();
  let passes = 0;
  const start = process.hrtime.bigint();
  let elapsed = 0;
  while (elapsed < 5 || passes < 3) {
    run();
    passes++;
    elapsed = Number(process.hrtime.bigint() - start) / 1e9;
  }
  const total = passes * cases.length;
  process.stdout.write(
    JSON.stringify({
      cases: cases.length,
      passes,
      seconds: Math.round(elapsed * 1000) / 1000,
      casesPerSecond: Math.round(total / elapsed),
      meanMicroseconds: Math.round((elapsed / total) * 1e6),
    }) + '\n',
  );
}

main();
