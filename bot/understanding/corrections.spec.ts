import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DateTime } from 'luxon';
import { understandCorrection } from './correction';
import { subjectF1 } from './evaluation';
import { Correction, Language } from './types';

interface CorrectionCase {
  id: string;
  language: Language;
  timezone: string;
  now: string;
  text: string;
  current: { dueAt: string; zone: string; subject: string; rrule: string | null };
  expected: null | { kind: 'cancel' } | { kind: 'subject'; subject: string } | { kind: 'when'; dueLocal: string; rrule: string | null };
}

const cases: CorrectionCase[] = readFileSync(resolve(__dirname, 'fixtures/corrections.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l));

/** Whether a correction is the expected one: same kind; same time (in the reminder's zone) and rule; subject by F1 ≥ 0.8. */
export function correctionRight(c: CorrectionCase, got: Correction | null): boolean {
  const e = c.expected;
  if (!e || !got) return e === got;
  if (e.kind !== got.kind) return false;
  if (e.kind === 'subject' && got.kind === 'subject') return subjectF1(e.subject, got.subject) >= 0.8;
  if (e.kind === 'when' && got.kind === 'when') {
    const local = DateTime.fromJSDate(got.dueAt).setZone(c.current.zone).toFormat("yyyy-MM-dd'T'HH:mm");
    return local === e.dueLocal && (got.rrule ?? null) === (e.rrule ?? null);
  }
  return true;
}

describe('held-out corrections (fixtures/corrections.jsonl, build-corrections.py)', () => {
  it('reads at least 97 % of the follow-ups right', () => {
    const wrong = cases
      .map((c) => {
        const got = understandCorrection(c.text, {
          now: c.now,
          timezone: c.timezone,
          language: c.language,
          current: { ...c.current, dueAt: new Date(c.current.dueAt) },
        });
        return { c, got, ok: correctionRight(c, got) };
      })
      .filter((x) => !x.ok);
    console.log(
      `corrections: ${JSON.stringify({ cases: cases.length, right: (cases.length - wrong.length) / cases.length, failures: wrong.map((w) => `${w.c.id} ${w.c.text} → ${JSON.stringify(w.got)}`) })}`,
    );
    expect(cases.length).toBeGreaterThanOrEqual(50);
    expect((cases.length - wrong.length) / cases.length).toBeGreaterThanOrEqual(0.97);
  });
});
