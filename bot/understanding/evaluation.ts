import { readFileSync } from 'node:fs';
import { DateTime } from 'luxon';
import { understand } from './understand';
import { Language, MissingWhen, UnderstoodReminder } from './types';

/** One evaluation case, in the format of shared/extraction (CONVENTIONS.md). */
export interface ExtractionCase {
  id: string;
  language: Language;
  timezone: string;
  now: string;
  text: string;
  subject?: string;
  dueLocal?: string | null;
  dueZone?: string;
  /** Version 2: the rule of a repeating reminder. */
  rrule?: string | null;
  /** Version 2: several reminders, in the order said. */
  reminders?: Array<{ subject: string; dueLocal: string | null; dueZone?: string; rrule?: string | null }>;
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

/**
 * A rule in one spelling, to compare rules that mean the same: INTERVAL=1 dropped, days in week
 * order, a DAILY rule with BYDAY read as WEEKLY, a date-only UNTIL as the end of that day in the
 * zone (score2.py compares the expanded occurrences; this is the same comparison for the subset
 * the extractor writes).
 */
export function canonicalRule(rule: string | null | undefined, zone: string): string | null {
  if (!rule) return null;
  const parts = new Map<string, string>();
  for (const p of rule.replace(/^RRULE:/i, '').toUpperCase().split(';')) {
    const [k, v] = p.split('=');
    if (k && v) parts.set(k, v);
  }
  if (parts.get('INTERVAL') === '1') parts.delete('INTERVAL');
  if (parts.get('FREQ') === 'DAILY' && parts.has('BYDAY')) parts.set('FREQ', 'WEEKLY');
  const order = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
  const day = (d: string) => order.indexOf(d.replace(/^[+-]?\d+/, ''));
  if (parts.has('BYDAY')) parts.set('BYDAY', parts.get('BYDAY')!.split(',').sort((a, b) => day(a) - day(b)).join(','));
  const until = parts.get('UNTIL');
  if (until && /^\d{8}$/.test(until)) {
    const end = DateTime.fromFormat(until, 'yyyyMMdd', { zone }).endOf('day').set({ millisecond: 0 });
    parts.set('UNTIL', end.toUTC().toFormat("yyyyMMdd'T'HHmmss'Z'"));
  }
  return [...parts.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `${k}=${v}`).join(';');
}

interface Expected {
  subject: string;
  dueLocal: string | null;
  zone: string;
  rrule: string | null;
}

function expectedOf(c: ExtractionCase): Expected[] {
  if (c.reminders?.length) {
    return c.reminders.map((r) => ({ subject: r.subject, dueLocal: r.dueLocal, zone: r.dueZone ?? c.dueZone ?? c.timezone, rrule: r.rrule ?? null }));
  }
  return [{ subject: c.subject ?? '', dueLocal: c.dueLocal ?? null, zone: c.dueZone ?? c.timezone, rrule: c.rrule ?? null }];
}

/**
 * Runs one case and judges it the way score2.py does: as many reminders as expected and, in
 * order, each with its first occurrence in the expected zone, its rule, and its subject (F1 ≥ 0.8).
 */
export function judge(c: ExtractionCase): CaseOutcome {
  const r = understand(c.text, { now: c.now, timezone: c.timezone, language: c.language });
  const got: Array<UnderstoodReminder | MissingWhen> = r.reminders?.length ? r.reminders : [r];
  const expected = expectedOf(c);
  const local = (g: UnderstoodReminder | MissingWhen, zone: string) =>
    'dueAt' in g ? DateTime.fromJSDate(g.dueAt).setZone(zone).toFormat("yyyy-MM-dd'T'HH:mm") : null;
  const same = got.length === expected.length;
  const dateOk =
    same &&
    expected.every((e, i) => local(got[i], e.zone) === e.dueLocal && canonicalRule(got[i].rrule, e.zone) === canonicalRule(e.rrule, e.zone));
  const subjectOk = same && expected.every((e, i) => subjectF1(e.subject, got[i].subject) >= 0.8);
  const show = (g: UnderstoodReminder | MissingWhen, e?: Expected) =>
    `${local(g, e?.zone ?? c.timezone)}${g.rrule ? ` ${g.rrule}` : ''}`;
  return {
    case: c,
    dateOk,
    subjectOk,
    gotLocal: got.map((g, i) => show(g, expected[i])).join(' | '),
    gotSubject: got.map((g) => g.subject).join(' | '),
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
