import { resolve } from 'node:path';
import { readCases, reportScore, score } from './evaluation';
import { Language } from './types';
import { understand } from './understand';

const fixtures = resolve(__dirname, 'fixtures');

describe('third held-out set (fixtures/heldout-3.jsonl, see heldout-3.README.md)', () => {
  const cases = readCases(resolve(fixtures, 'heldout-3.jsonl'));

  it('holds at least 200 hand-computed cases, about half in each language, in many zones', () => {
    expect(cases.length).toBeGreaterThanOrEqual(200);
    const fr = cases.filter((c) => c.language === 'fr').length;
    expect(fr).toBeGreaterThanOrEqual(100);
    expect(cases.length - fr).toBeGreaterThanOrEqual(100);
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
    expect(new Set(cases.map((c) => c.timezone)).size).toBeGreaterThanOrEqual(15);
  });

  it('scores the set and reports the figures', () => {
    const result = score(cases);
    reportScore('heldout-3', result);
    // 92.5 % before the fixes; 100 % after them. The bar leaves room for a few cases, not for a
    // broken feature: each fix below covers several cases of the set.
    expect(result.dateAccuracy).toBeGreaterThanOrEqual(0.98);
    expect(result.subjectAccuracy).toBeGreaterThanOrEqual(0.98);
    expect(result.bothAccuracy).toBeGreaterThanOrEqual(0.98);
  });
});

function read(text: string, language: Language, timezone: string, now: string) {
  const r = understand(text, { now, timezone, language });
  return { due: 'dueLocal' in r ? r.dueLocal : null, subject: r.subject };
}

const PARIS = ['Europe/Paris', '2026-04-15T10:20:00+02:00'] as const; // a Wednesday
const MONTREAL = ['America/Toronto', '2026-04-15T10:20:00-04:00'] as const;
const BRUSSELS = ['Europe/Brussels', '2026-04-15T10:20:00+02:00'] as const;
const GENEVA = ['Europe/Zurich', '2026-04-15T10:20:00+02:00'] as const;

describe('general fixes found by the third held-out set', () => {
  it('reads Belgian and Swiss tens and the French 70-99 as numbers', () => {
    expect(read('rappelle-moi dans septante minutes de partir', 'fr', ...BRUSSELS).due).toBe('2026-04-15T11:30');
    expect(read('rappelle-moi dans nonante minutes de partir', 'fr', ...BRUSSELS).due).toBe('2026-04-15T11:50');
    expect(read('rappelle-moi dans huitante minutes de partir', 'fr', ...GENEVA).due).toBe('2026-04-15T11:40');
    expect(read('rappelle-moi dans septante-deux heures de partir', 'fr', ...GENEVA).due).toBe('2026-04-18T10:20');
    expect(read('rappelle-moi dans soixante-dix minutes de partir', 'fr', ...PARIS).due).toBe('2026-04-15T11:30');
    expect(read('rappelle-moi dans soixante et onze minutes de partir', 'fr', ...PARIS).due).toBe('2026-04-15T11:31');
    expect(read('rappelle-moi dans quatre-vingts minutes de partir', 'fr', ...PARIS).due).toBe('2026-04-15T11:40');
    expect(read('rappelle-moi dans quatre-vingt-dix-neuf minutes de partir', 'fr', ...PARIS)).toEqual({
      due: '2026-04-15T11:59',
      subject: 'partir',
    });
  });

  it('reads "dîner" as the midday meal in Canada, Belgium and Switzerland, the evening one elsewhere', () => {
    expect(read('rappelle-moi au dîner de sortir le poulet', 'fr', ...MONTREAL)).toEqual({
      due: '2026-04-15T12:00',
      subject: 'sortir le poulet',
    });
    expect(read('rappelle-moi au dîner de prendre mes gouttes', 'fr', ...BRUSSELS).due).toBe('2026-04-15T12:00');
    expect(read("rappelle-moi au dîner d'appeler Léa", 'fr', ...PARIS).due).toBe('2026-04-15T20:00');
    expect(read("rappelle-moi après le dîner d'appeler Léa", 'fr', ...MONTREAL).due).toBe('2026-04-15T14:00');
    expect(read("rappelle-moi après le dîner d'appeler Léa", 'fr', ...PARIS).due).toBe('2026-04-15T21:00');
    expect(read("rappelle-moi après le souper d'appeler Léa", 'fr', ...MONTREAL).due).toBe('2026-04-15T21:00');
    expect(read("rappelle-moi demain à l'heure du dîner d'appeler Léa", 'fr', ...GENEVA).due).toBe('2026-04-16T12:00');
    // Inside a subject the meal is not a time.
    expect(read("rappelle-moi d'inviter Paul au dîner de samedi", 'fr', ...PARIS)).toEqual({
      due: '2026-04-18T09:00',
      subject: 'inviter Paul au dîner',
    });
  });

  it('understands Quebec "à soir" and the "mn" abbreviation', () => {
    expect(read("rappelle moi à soir d'arroser le jardin", 'fr', ...MONTREAL)).toEqual({
      due: '2026-04-15T20:00',
      subject: 'arroser le jardin',
    });
    expect(read("rappelle-moi dans 30 mn d'appeler le chauffeur", 'fr', ...PARIS)).toEqual({
      due: '2026-04-15T10:50',
      subject: 'appeler le chauffeur',
    });
  });

  it('drops misspelt triggers and an elision typed without its apostrophe', () => {
    expect(read("rapelle moi d'appeler maman demain a 8h", 'fr', ...PARIS)).toEqual({
      due: '2026-04-16T08:00',
      subject: 'appeler maman',
    });
    expect(read('rappel moi a 19h d appeler Amine', 'fr', ...PARIS)).toEqual({ due: '2026-04-15T19:00', subject: 'appeler Amine' });
    expect(read('remind me 2 call mom at 5pm', 'en', ...PARIS).subject).toBe('call mom');
    expect(read('rapel moi demain de payer la cantine', 'fr', ...PARIS).subject).toBe('payer la cantine');
    expect(read("n'oublie pas d envoyer le colis demain", 'fr', ...PARIS).subject).toBe('envoyer le colis');
    expect(read('can u remind me to buy a new charger tonight', 'en', ...PARIS)).toEqual({
      due: '2026-04-15T20:00',
      subject: 'buy a new charger',
    });
  });

  it('reads "tomorrow" as phones spell it', () => {
    expect(read('remind me 2moro at 10 to call grandpa', 'en', ...PARIS)).toEqual({
      due: '2026-04-16T10:00',
      subject: 'call grandpa',
    });
    expect(read('remind me tomorow to pay rent', 'en', ...PARIS).due).toBe('2026-04-16T09:00');
    expect(read('remind me tommorow at 5pm to call Sam', 'en', ...PARIS).due).toBe('2026-04-16T17:00');
  });

  it('takes "eastern", "pacific"... right after a time as a zone, and leaves them alone elsewhere', () => {
    const r = understand('remind me to call my sister at 6pm eastern', {
      now: '2026-07-04T10:00:00-07:00',
      timezone: 'America/Los_Angeles',
      language: 'en',
    });
    expect(r.subject).toBe('call my sister');
    expect('zone' in r && r.zone).toBe('America/New_York');
    expect('dueLocal' in r && r.dueLocal).toBe('2026-07-04T18:00');
    expect(read('remind me to call the eastern office at 5pm', 'en', ...PARIS)).toEqual({
      due: '2026-04-15T17:00',
      subject: 'call the eastern office',
    });
  });
});
