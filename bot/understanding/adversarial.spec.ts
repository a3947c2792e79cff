import { resolve } from 'node:path';
import { dayFirstIn } from './date-order';
import { readCases, reportScore, score } from './evaluation';
import { Language } from './types';
import { parseWhen, understand } from './understand';

const fixtures = resolve(__dirname, 'fixtures');
const NOW = '2026-04-15T10:20:00+02:00';
const PARIS = 'Europe/Paris';

describe('held-out adversarial set (fixtures/adversarial.jsonl, see adversarial.README.md)', () => {
  const cases = readCases(resolve(fixtures, 'adversarial.jsonl'));

  it('holds at least 300 hand-computed cases, about half in each language', () => {
    expect(cases.length).toBeGreaterThanOrEqual(300);
    const fr = cases.filter((c) => c.language === 'fr').length;
    expect(fr / cases.length).toBeGreaterThan(0.4);
    expect(fr / cases.length).toBeLessThan(0.6);
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
  });

  it('scores the set and reports the figures', () => {
    const result = score(cases);
    reportScore('adversarial', result);
    expect(result.dateAccuracy).toBeGreaterThanOrEqual(0.97);
    expect(result.subjectAccuracy).toBeGreaterThanOrEqual(0.97);
    expect(result.bothAccuracy).toBeGreaterThanOrEqual(0.95);
  });
});

function due(text: string, language: Language, now = NOW, timezone = PARIS): string | null {
  const r = understand(text, { now, timezone, language });
  return 'dueLocal' in r ? r.dueLocal : null;
}

describe('general fixes found by the adversarial set', () => {
  it('reads English numeric dates the local way: month first in the US and Canada only', () => {
    expect(dayFirstIn('America/New_York')).toBe(false);
    expect(dayFirstIn('America/Toronto')).toBe(false);
    expect(dayFirstIn('Europe/London')).toBe(true);
    expect(dayFirstIn('Australia/Sydney')).toBe(true);
    expect(dayFirstIn('UTC')).toBe(false); // no country: chrono's default
    expect(due('remind me on 3/4 to call', 'en', '2026-01-10T09:00:00-05:00', 'America/New_York')).toBe('2026-03-04T09:00');
    expect(due('remind me on 3/4 to call', 'en', '2026-01-10T09:00:00+00:00', 'Europe/London')).toBe('2026-04-03T09:00');
    // Month names are untouched by the day-first setting.
    expect(due('remind me on september 15 to call', 'en', '2026-01-10T09:00:00+00:00', 'Europe/London')).toBe('2026-09-15T09:00');
  });

  it('does not read a labelled number as a time, even after a rejected match inside it', () => {
    const r = understand('remind me to read chapter 12 tonight', { now: NOW, timezone: PARIS, language: 'en' });
    expect(r).toMatchObject({ dueLocal: '2026-04-15T20:00', subject: 'read chapter 12' });
    expect(understand('remind me to go to gate 12 at 3pm', { now: NOW, timezone: PARIS, language: 'en' })).toMatchObject({
      dueLocal: '2026-04-15T15:00',
      subject: 'go to gate 12',
    });
  });

  it('keeps a time that names a thing in the subject when another time is the due time', () => {
    const r = understand('remind me tomorrow at 6am to catch the 7:15 train', { now: NOW, timezone: PARIS, language: 'en' });
    expect(r).toMatchObject({ dueLocal: '2026-04-16T06:00', subject: 'catch the 7:15 train' });
    // Alone, it is the due time.
    expect(due('remind me to take my 2pm pill', 'en')).toBe('2026-04-15T14:00');
  });

  it('reads hours and minutes as one delay', () => {
    expect(due('rappelle-moi dans 1 heure 30 de sortir le pain', 'fr')).toBe('2026-04-15T11:50');
    expect(due('rappelle-moi dans 1h 30 minutes de sortir le pain', 'fr')).toBe('2026-04-15T11:50');
    expect(due('remind me in 1 hour 30 to move the car', 'en')).toBe('2026-04-15T11:50');
    expect(due('remind me in a couple hours to check', 'en')).toBe('2026-04-15T12:20');
  });

  it('understands a French hour whose "h" the transcript dropped, but not a count', () => {
    expect(due("rappelle-moi demain à 8 d'appeler le plombier", 'fr')).toBe('2026-04-16T08:00');
    expect(due('rappelle-moi de donner des cadeaux à 3 de mes amis', 'fr')).toBeNull();
    expect(due("rappelle-moi d'envoyer le devis à 2 clients", 'fr')).toBeNull();
  });

  it('rewrites English ordinal words as dates', () => {
    expect(due('remind me on the fourteenth to pay', 'en')).toBe('2026-05-14T09:00');
    expect(due('remind me on the twenty-first to pay', 'en')).toBe('2026-04-21T09:00');
  });
});

describe('robustness: any string is understood without throwing', () => {
  const strings: Array<[string, string]> = [
    ['empty', ''],
    ['blank', '  \n\t '],
    ['emojis only', '😀🎉👍🏽⏰'],
    ['another language', 'Erinnere mich morgen um 9 Uhr an den Zahnarzt'],
    ['another script', '明天下午三点提醒我开会'],
    ['right-to-left', 'ذكرني غدا بالاتصال بأمي'],
    ['a command', 'annule'],
    ['a yes', 'oui'],
    ['a lone surrogate and a NUL', '\ud800rappel\u0000'],
    ['punctuation only', "?!.,;:'\"-–—«»"],
    ['only a time (fr)', '15h'],
    ['only a time (en)', 'at 5pm'],
  ];
  const languages: Array<Language | undefined> = ['fr', 'en', undefined];

  it.each(strings)('%s', (_name, text) => {
    for (const language of languages) {
      const r = understand(text, { now: NOW, timezone: PARIS, language });
      expect(typeof r.subject).toBe('string');
      expect(['fr', 'en']).toContain(r.language);
      expect(() => parseWhen(text, { now: NOW, timezone: PARIS, language })).not.toThrow();
    }
  });

  it('asks for a time when the text has none, and reads a time alone', () => {
    for (const text of ['', '😀🎉', 'annule', 'oui', 'Erinnere mich an den Zahnarzt']) {
      expect(understand(text, { now: NOW, timezone: PARIS, language: 'fr' })).toMatchObject({ missing: 'when' });
    }
    expect(understand('15h', { now: NOW, timezone: PARIS, language: 'fr' })).toMatchObject({ dueLocal: '2026-04-15T15:00', subject: '' });
    expect(understand('at 5pm', { now: NOW, timezone: PARIS, language: 'en' })).toMatchObject({ dueLocal: '2026-04-15T17:00', subject: '' });
  });

  it('throws only for an invalid zone or "now"', () => {
    expect(() => understand('demain', { now: NOW, timezone: 'Mars/Olympus', language: 'fr' })).toThrow(RangeError);
    expect(() => understand('demain', { now: 'yesterday', timezone: PARIS, language: 'fr' })).toThrow(RangeError);
    expect(() => understand('demain', { now: new Date(Number.NaN), timezone: PARIS, language: 'fr' })).toThrow(RangeError);
  });

  // 10 kB messages made of the tokens the regular expressions repeat on. An exponential pattern
  // (there was one: "1 h 1 h …" took 17 s at 120 characters) would never return. Timings are
  // printed by `npm run bench:extract`, not asserted here.
  const long: Array<[string, string]> = [
    ['hours with spaces', '1 h '.repeat(2500)],
    ['hours joined', '1h'.repeat(5000)],
    ['prepositions', 'à '.repeat(5000)],
    ['digits', '1'.repeat(10000)],
    ['times and dates', '3pm 15h30 lundi 1/2 '.repeat(500)],
    ['number words', 'vingt-'.repeat(1667)],
    ['delays', 'in 1 hour and '.repeat(715)],
    ['real prose', "rappelle-moi de relire le chapitre 12 avec les notes de la réunion d'équipe ".repeat(135)],
  ];

  it.each(long)('returns on a 10 kB message: %s', (_name, text) => {
    expect(text.length).toBeGreaterThanOrEqual(10000);
    for (const language of ['fr', 'en'] as const) {
      const r = understand(text, { now: NOW, timezone: PARIS, language });
      expect(typeof r.subject).toBe('string');
    }
  }, 60000);
});
