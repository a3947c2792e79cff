import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { readCases } from '../evaluation';
import { understand } from '../understand';

/** 10 kB messages built to stress the regular expressions (repeated tokens, no real date). */
const LONG_INPUTS: Record<string, string> = {
  prose: 'rappelle-moi de relire le chapitre 12 avec les notes de la réunion '.repeat(150).slice(0, 10000),
  accents: 'à '.repeat(5000),
  hours: '1 h '.repeat(2500),
  hoursJoined: '1h'.repeat(5000),
  digits: '1'.repeat(10000),
  times: '3pm 15h30 lundi 1/2 '.repeat(500),
  remind: 'remind me at 5 '.repeat(667),
  numberWords: 'vingt-'.repeat(1667),
  nounIs: 'mon chien est '.repeat(715).slice(0, 10000),
  remarks: "lol they keep, le chargé de TD note la, cos she's been ".repeat(190).slice(0, 10000),
  // Hundreds of times each retried by chrono after a rejected match, and hundreds of requests each
  // with two days (in a fresh process, before the code is warm, these took 20-50 ms in English).
  clockRetries: 'at 1 at 1 30 '.repeat(800).slice(0, 10000),
  requests: 'remind me tonight to iron for tomorrow '.repeat(260).slice(0, 10000),
};

/**
 * Prints extraction throughput (one JSON line) over the public sample, the Duckling-derived
 * cases, the adversarial set, the held-out sets and the version-2 sets: a warm-up pass, then as many passes as
 * fit in about five seconds. A second line gives the CPU time of each 10 kB stress message, per language (median of five runs).
 */
function main(): void {
  const fixtures = resolve(__dirname, '../fixtures');
  const files = ['sample.jsonl', 'duckling.jsonl', 'adversarial.jsonl', 'heldout-2.jsonl', 'heldout-3.jsonl', 'sample2.jsonl', 'heldout-v2.jsonl', 'heldout-v2b.jsonl', 'heldout-v2c.jsonl', 'heldout-v2d.jsonl', 'heldout-v2e.jsonl', 'heldout-v2f.jsonl', 'heldout-v2g.jsonl', 'heldout-v2h.jsonl', 'heldout-v2i.jsonl', 'heldout-v2j.jsonl', 'heldout-v2k.jsonl', 'heldout-v2l.jsonl', 'heldout-v2m.jsonl', 'heldout-v2n.jsonl', 'heldout-v2o.jsonl', 'heldout-v2p.jsonl', 'heldout-v2q.jsonl', 'heldout-v2r.jsonl', 'heldout-v2s.jsonl', 'heldout-v2t.jsonl', 'heldout-v2u.jsonl', 'heldout-v2v.jsonl', 'heldout-v2w.jsonl', 'heldout-v2x.jsonl', 'heldout-v2y.jsonl', 'heldout-v2z.jsonl', 'heldout-v2aa.jsonl', 'heldout-v2ab.jsonl', 'heldout-v2ac.jsonl', 'heldout-v2ad.jsonl', 'heldout-v2ae.jsonl', 'heldout-v2af.jsonl', 'heldout-v2ag.jsonl', 'heldout-v2ah.jsonl', 'heldout-v2ai.jsonl', 'heldout-v2aj.jsonl', 'heldout-v2ak.jsonl', 'heldout-v2al.jsonl', 'heldout-v2am.jsonl', 'heldout-v2an.jsonl', 'heldout-v2ao.jsonl', 'heldout-v2ap.jsonl', 'heldout-v2aq.jsonl', 'heldout-v2ar.jsonl', 'heldout-v2as.jsonl', 'heldout-v2at.jsonl', 'heldout-v2au.jsonl', 'heldout-v2av.jsonl', 'heldout-v2aw.jsonl', 'heldout-v2ax.jsonl', 'heldout-v2ay.jsonl', 'heldout-v2az.jsonl', 'heldout-v2ba.jsonl', 'heldout-v2bb.jsonl', 'heldout-v2bc.jsonl', 'heldout-v2bd.jsonl', 'heldout-v2be.jsonl', 'heldout-v2bf.jsonl', 'heldout-v2bg.jsonl', 'heldout-v2bh.jsonl', 'heldout-v2bi.jsonl', 'heldout-v2bj.jsonl', 'heldout-v2bk.jsonl', 'heldout-v2bl.jsonl', 'heldout-v2bm.jsonl'].map((f) => resolve(fixtures, f)).filter((f) => existsSync(f));
  const cases = files.flatMap(readCases);
  const run = () => {
    for (const c of cases) understand(c.text, { now: c.now, timezone: c.timezone, language: c.language });
  };
  run();
  let passes = 0;
  const cpu0 = process.cpuUsage();
  const start = process.hrtime.bigint();
  let elapsed = 0;
  while (elapsed < 5 || passes < 3) {
    run();
    passes++;
    elapsed = Number(process.hrtime.bigint() - start) / 1e9;
  }
  const total = passes * cases.length;
  const used = process.cpuUsage(cpu0);
  const cpuSeconds = (used.user + used.system) / 1e6;
  process.stdout.write(
    JSON.stringify({
      cases: cases.length,
      passes,
      seconds: Math.round(elapsed * 1000) / 1000,
      casesPerSecond: Math.round(total / elapsed),
      meanMicroseconds: Math.round((elapsed / total) * 1e6),
      // On a shared machine the wall clock counts other processes' turns; CPU time does not.
      cpuSeconds: Math.round(cpuSeconds * 1000) / 1000,
      casesPerCpuSecond: Math.round(total / cpuSeconds),
    }) + '\n',
  );
  // Each 10 kB message runs five times; the median CPU time is kept (a single wall-clock run on a
  // shared machine mostly measures the other processes).
  const long: Record<string, number> = {};
  for (const [name, text] of Object.entries(LONG_INPUTS)) {
    for (const language of ['fr', 'en'] as const) {
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const c0 = process.cpuUsage();
        understand(text, { now: '2026-04-15T10:20:00+02:00', timezone: 'Europe/Paris', language });
        const c = process.cpuUsage(c0);
        times.push((c.user + c.system) / 1000);
      }
      times.sort((a, b) => a - b);
      long[`${name}/${language}`] = Math.round(times[2] * 10) / 10;
    }
  }
  process.stdout.write(JSON.stringify({ longInputMilliseconds: long }) + '\n');
}

main();
