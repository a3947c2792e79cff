import { resolve } from 'node:path';
import { readCases, reportScore, score, subjectF1 } from './evaluation';

const fixtures = resolve(__dirname, 'fixtures');

describe('public sample (fixtures/sample.jsonl)', () => {
  const cases = readCases(resolve(fixtures, 'sample.jsonl'));

  it('holds the 60 public cases', () => {
    expect(cases).toHaveLength(60);
  });

  it.each(cases.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    const result = score([c]);
    const failure = result.failures[0];
    expect(failure ? { date: failure.gotLocal, subject: failure.gotSubject } : 'ok').toBe('ok');
  });
});

describe('Duckling-derived cases (fixtures/duckling.jsonl)', () => {
  it('scores the outside corpus and reports the figures', () => {
    const cases = readCases(resolve(fixtures, 'duckling.jsonl'));
    const result = score(cases);
    // The figure is reported so a regression shows up in the log, not just as a threshold.
    reportScore('duckling', result);
    expect(cases).toHaveLength(375);
    expect(result.dateAccuracy).toBeGreaterThanOrEqual(0.97);
    expect(result.subjectAccuracy).toBeGreaterThanOrEqual(0.97);
  });
});

describe('subjectF1 (same measure as score.py)', () => {
  it('ignores case, accents and punctuation', () => {
    expect(subjectF1('Appeler Mélanie', 'appeler melanie!')).toBe(1);
  });
  it('scores partial overlap', () => {
    expect(subjectF1('appelle le syndic', "j'appelle le syndic")).toBeCloseTo(0.857, 3);
    expect(subjectF1('call mom', '')).toBe(0);
  });
});
