import { readFileSync } from 'node:fs';
import { DateTime } from 'luxon';
import { understand } from './understand';
import { Language } from './types';

/** One evaluation case, in the format of shared/extraction (CONVENTIONS.md). */
export interface ExtractionCase {
  id: string;
  language: Language;
  timezone: string;
  now: string;
  text: string;
  subject: string;
  dueLocal: string | null;
  dueZone?: string;
}

export function readCases(path: string): ExtractionCase[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as ExtractionCase);
}

function words(s: string): string[] {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .split(' ')
    .filter(Boolean);
}

/** Word-overlap F1, as score.py computes it. */
export function subjectF1(expected: string, got: string): number {
  const a = words(expected);
  const b = words(got);
  if (!a.length && !b.length) return 1;
  if (!a.length || !b.length) return 0;
  const pool = [...b];
  let common = 0;
  for (const w of a) {
    const i = pool.indexOf(w);
    if (i >= 0) {
      common++;
      pool.splice(i, 1);
    }
  }
  if (!common) return 0;
  const p = common / b.length;
  const r = common / a.length;
  return (2 * p * r) / (p + r);
}

export interface CaseOutcome {
  case: ExtractionCase;
  dateOk: boolean;
  subjectOk: boolean;
  gotLocal: string | null;
  gotSubject: string;
}

/** Runs one case and judges it the way score.py does (date in the expected zone, F1 ≥ 0.8). */
export function judge(c: ExtractionCase): CaseOutcome {
  const r = understand(c.text, { now: c.now, timezone: c.timezone, language: c.language });
  const zone = c.dueZone ?? c.timezone;
  const gotLocal = 'dueAt' in r ? DateTime.fromJSDate(r.dueAt).setZone(zone).toFormat("yyyy-MM-dd'T'HH:mm") : null;
  return {
    case: c,
    dateOk: gotLocal === c.dueLocal,
    subjectOk: subjectF1(c.subject, r.subject) >= 0.8,
    gotLocal,
    gotSubject: r.subject,
  };
}

export interface Score {
  cases: number;
  dateAccuracy: number;
  subjectAccuracy: number;
  bothAccuracy: number;
  failures: CaseOutcome[];
}

export function score(cases: ExtractionCase[]): Score {
  const outcomes = cases.map(judge);
  const n = cases.length || 1;
  const round = (x: number) => Math.round((x / n) * 10000) / 10000;
  return {
    cases: cases.length,
    dateAccuracy: round(outcomes.filter((o) => o.dateOk).length),
    subjectAccuracy: round(outcomes.filter((o) => o.subjectOk).length),
    bothAccuracy: round(outcomes.filter((o) => o.dateOk && o.subjectOk).length),
    failures: outcomes.filter((o) => !(o.dateOk && o.subjectOk)),
  };
}

/** One log line with the figures and every failure, so a regression shows in the log and not only as a threshold. */
export function reportScore(label: string, result: Score): void {
  console.log(`${label}: ${JSON.stringify({ ...result, failures: result.failures.map((f) => `${f.case.id} ${f.case.text} → ${f.gotLocal} / ${f.gotSubject}`) })}`);
}
