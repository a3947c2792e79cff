import { resolve } from 'node:path';
import { readCases, reportScore, score } from './evaluation';
import { Language } from './types';
import { parseWhen, understand } from './understand';

const fixtures = resolve(__dirname, 'fixtures');
const NOW = '2026-04-15T10:20:00+02:00'; // a Wednesday
const PARIS = 'Europe/Paris';

describe('second held-out set (fixtures/heldout-2.jsonl, see heldout-2.README.md)', () => {
  const cases = readCases(resolve(fixtures, 'heldout-2.jsonl'));

  it('holds at least 250 hand-computed cases, half in each language, in both batches', () => {
    expect(cases.length).toBeGreaterThanOrEqual(250);
    const fr = cases.filter((c) => c.language === 'fr').length;
    expect(fr * 2).toBe(cases.length);
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
    expect(cases.filter((c) => /-c\d+$/.test(c.id)).length).toBeGreaterThanOrEqual(80);
    expect(new Set(cases.map((c) => c.timezone)).size).toBeGreaterThanOrEqual(11);
  });

  it('scores the set and reports the figures', () => {
    const result = score(cases);
    reportScore('heldout-2', result);
    // Batch h drove the fixes (93.7 % before them); batch c, written afterwards, scored 100 % as
    // written. The bar leaves room for a few cases, not for a broken feature (each covers 5+).
    expect(result.dateAccuracy).toBeGreaterThanOrEqual(0.98);
    expect(result.subjectAccuracy).toBeGreaterThanOrEqual(0.98);
    expect(result.bothAccuracy).toBeGreaterThanOrEqual(0.98);
  });
});

function read(text: string, language: Language, now = NOW, timezone = PARIS) {
  const r = understand(text, { now, timezone, language });
  return { due: 'dueLocal' in r ? r.dueLocal : null, subject: r.subject };
}

describe('general fixes found by the second held-out set', () => {
  it('gives qualified day parts their own hour, and still reads a bare hour by the part', () => {
    expect(read("rappelle-moi en fin d'après-midi de passer chercher le colis", 'fr')).toEqual({
      due: '2026-04-15T17:00',
      subject: 'passer chercher le colis',
    });
    expect(read("rappelle-moi en début d'après-midi d'appeler", 'fr').due).toBe('2026-04-15T14:00');
    expect(read('rappelle-moi demain en fin de matinée de passer à la poste', 'fr')).toEqual({
      due: '2026-04-16T11:00',
      subject: 'passer à la poste',
    });
    expect(read("rappelle-moi en fin de journée d'appeler", 'fr').due).toBe('2026-04-15T18:00');
    expect(read("rappelle-moi en début de soirée d'appeler", 'fr').due).toBe('2026-04-15T19:00');
    expect(read('remind me late afternoon tomorrow to collect the parcel', 'en').due).toBe('2026-04-16T17:00');
    expect(read('remind me early afternoon to call', 'en').due).toBe('2026-04-15T14:00');
    expect(read('remind me by end of day to send the report', 'en').due).toBe('2026-04-15T18:00');
    expect(read('remind me sunday arvo to call mum', 'en')).toEqual({ due: '2026-04-19T15:00', subject: 'call mum' });
    expect(read('remind me friday arvo at 4 to book the table', 'en').due).toBe('2026-04-17T16:00');
  });

  it('reads meals as times of day', () => {
    expect(read("rappelle-moi après le déjeuner d'appeler le comptable", 'fr')).toEqual({
      due: '2026-04-15T14:00',
      subject: 'appeler le comptable',
    });
    expect(read("rappelle-moi à l'heure du déjeuner d'appeler Paul", 'fr').due).toBe('2026-04-15T12:00');
    expect(read('remind me after dinner to call', 'en').due).toBe('2026-04-15T21:00');
    expect(read('remind me tomorrow during my lunch break to call Paul', 'en')).toEqual({
      due: '2026-04-16T12:00',
      subject: 'call Paul',
    });
  });

  it('asks when only a vague "later" is given, and cuts it from the subject', () => {
    expect(read("rappelle-moi tout à l'heure de rappeler maman", 'fr')).toEqual({ due: null, subject: 'rappeler maman' });
    expect(read("rappelle-moi plus tard d'appeler Paul", 'fr')).toEqual({ due: null, subject: 'appeler Paul' });
    expect(read('remind me later today to text Ben', 'en')).toEqual({ due: null, subject: 'text Ben' });
    expect(read('remind me in a bit to check the mail', 'en')).toEqual({ due: null, subject: 'check the mail' });
    // A real time next to it wins; a delay ending in "later" stays a delay.
    expect(read('remind me to call mum later tonight', 'en').due).toBe('2026-04-15T20:00');
    expect(read('remind me 2 hours later to call Paul', 'en').due).toBe('2026-04-15T12:20');
  });

  it('keeps the corrected value when the speaker corrects the time or the day', () => {
    expect(read("rappelle-moi demain à 9h euh non plutôt 10h d'appeler Paul", 'fr')).toEqual({
      due: '2026-04-16T10:00',
      subject: 'appeler Paul',
    });
    expect(read("rappelle-moi lundi, euh non mardi, d'appeler Paul", 'fr')).toEqual({
      due: '2026-04-21T09:00',
      subject: 'appeler Paul',
    });
    expect(read('remind me to call the landlord tomorrow at 9 actually 10', 'en')).toEqual({
      due: '2026-04-16T10:00',
      subject: 'call the landlord',
    });
    expect(read('remind me monday, no tuesday, to call Paul', 'en')).toEqual({ due: '2026-04-21T09:00', subject: 'call Paul' });
    // "no matter what" is no correction.
    expect(read('remind me tomorrow, no matter what, at 5pm to call Paul', 'en').due).toBe('2026-04-16T17:00');
  });

  it('reads two times joined by "et"/"and" as two reminders (rule 16; version 1 asked); a range keeps its start', () => {
    const several = (text: string, language: Language) =>
      (understand(text, { now: NOW, timezone: PARIS, language }).reminders ?? []).map((r) => ({
        due: 'dueLocal' in r ? r.dueLocal : null,
        subject: r.subject,
      }));
    expect(several("rappelle-moi à 8h et à 20h de prendre mon antibiotique", 'fr')).toEqual([
      { due: '2026-04-16T08:00', subject: 'prendre mon antibiotique' },
      { due: '2026-04-15T20:00', subject: 'prendre mon antibiotique' },
    ]);
    expect(several('remind me to take my pills at 8am and 8pm', 'en')).toEqual([
      { due: '2026-04-16T08:00', subject: 'take my pills' },
      { due: '2026-04-15T20:00', subject: 'take my pills' },
    ]);
    // parseWhen answers "when?" for one reminder: two times there still ask again.
    expect(parseWhen('8am and 8pm', { now: NOW, timezone: PARIS, language: 'en' })).toBeNull();
    expect(read("rappelle-moi entre 15h et 17h d'appeler", 'fr')).toEqual({ due: '2026-04-15T15:00', subject: 'appeler' });
    expect(read('remind me between 3pm and 5pm to call', 'en')).toEqual({ due: '2026-04-15T15:00', subject: 'call' });
  });

  it('reads French ordinal words and "courant" as days of the month', () => {
    expect(read('rappelle-moi le vingt et unième de payer le loyer', 'fr')).toEqual({
      due: '2026-04-21T09:00',
      subject: 'payer le loyer',
    });
    expect(read('rappelle-moi le vingt-deuxième de payer le loyer', 'fr').due).toBe('2026-04-22T09:00');
    expect(read('rappelle-moi le trentième de payer le loyer', 'fr').due).toBe('2026-04-30T09:00');
    expect(read("rappelle-moi le dix-septième à 10h d'appeler", 'fr').due).toBe('2026-04-17T10:00');
    expect(read('rappelle-moi le 21e de payer le loyer', 'fr').due).toBe('2026-04-21T09:00');
    expect(read("rappelle-moi le 21 courant de renouveler l'abonnement", 'fr')).toEqual({
      due: '2026-04-21T09:00',
      subject: "renouveler l'abonnement",
    });
    // An ordinal that counts something else stays in the subject.
    expect(read('rappelle-moi de monter au 3e étage demain', 'fr').subject).toBe('monter au 3e étage');
    expect(read('rappelle-moi de fêter le vingtième anniversaire de Paul demain', 'fr').subject).toBe(
      'fêter le vingtième anniversaire de Paul',
    );
  });

  it('reads more spoken forms: "vers les", "le matin du 20", "une petite heure", "an hour or so"', () => {
    expect(read("rappelle-moi demain vers les 15h d'appeler Paul", 'fr')).toEqual({ due: '2026-04-16T15:00', subject: 'appeler Paul' });
    expect(read("rappelle-moi le matin du 20 d'appeler Paul", 'fr')).toEqual({ due: '2026-04-20T09:00', subject: 'appeler Paul' });
    expect(read("rappelle-moi dans une petite heure d'appeler Paul", 'fr').due).toBe('2026-04-15T11:20');
    expect(read('remind me in an hour or so to call Paul', 'en')).toEqual({ due: '2026-04-15T11:20', subject: 'call Paul' });
    expect(read('remind me sometime tomorrow to call Paul', 'en')).toEqual({ due: '2026-04-16T09:00', subject: 'call Paul' });
  });

  it('answers long inputs full of cut spans (the subject is rebuilt without rescanning the text)', () => {
    for (const language of ['fr', 'en'] as const) {
      const r = understand('1 h '.repeat(2500), { now: NOW, timezone: PARIS, language });
      expect(r.language).toBe(language);
    }
  });
});
