import { DateTime } from 'luxon';
import { detectLanguage } from './language';
import { stripTrigger } from './subject';
import { Language } from './types';
import { parseWhen, understand } from './understand';

// Wednesday 15 April 2026, 10:20 in Paris (UTC+2).
const NOW = '2026-04-15T10:20:00+02:00';
const PARIS = 'Europe/Paris';

type Row = [text: string, dueLocal: string | null, subject?: string];

function check(language: Language, rows: Row[], now = NOW, timezone = PARIS): void {
  it.each(rows)('%s → %s', (text, dueLocal, subject) => {
    const r = understand(text, { now, timezone, language });
    expect('dueLocal' in r ? r.dueLocal : null).toBe(dueLocal);
    if (subject !== undefined) expect(r.subject).toBe(subject);
    expect(r.language).toBe(language);
  });
}

describe('understand: rule 1, a time without a date is today if ahead, else tomorrow', () => {
  check('en', [
    ['remind me to call mom at 5pm', '2026-04-15T17:00', 'call mom'],
    ['remind me to call mom at 9am', '2026-04-16T09:00', 'call mom'],
    ['remind me to call mom at 10:20am', '2026-04-16T10:20', 'call mom'],
  ]);
  check('fr', [
    ["rappelle-moi d'appeler maman à 17h", '2026-04-15T17:00', 'appeler maman'],
    ["rappelle-moi d'appeler maman à 9h", '2026-04-16T09:00', 'appeler maman'],
  ]);
});

describe('understand: rule 2, a date without a time is at 09:00', () => {
  check('en', [
    ['remind me to pay rent tomorrow', '2026-04-16T09:00', 'pay rent'],
    ['remind me to renew my passport on June 5th', '2026-06-05T09:00', 'renew my passport'],
  ]);
  check('fr', [
    ['rappelle-moi de payer le loyer demain', '2026-04-16T09:00', 'payer le loyer'],
    ['rappelle-moi de renouveler mon passeport le 5 juin', '2026-06-05T09:00', 'renouveler mon passeport'],
  ]);
});

describe('understand: rule 3, day parts', () => {
  check('en', [
    ['remind me to run in the morning', '2026-04-16T09:00', 'run'],
    ['remind me to eat at noon', '2026-04-15T12:00', 'eat'],
    ['remind me to nap this afternoon', '2026-04-15T15:00', 'nap'],
    ['remind me to read tonight', '2026-04-15T20:00', 'read'],
    ['remind me to call Sam tomorrow evening', '2026-04-16T20:00', 'call Sam'],
    ['remind me at midnight to lock up', '2026-04-16T00:00', 'lock up'],
  ]);
  check('fr', [
    ['rappelle-moi demain matin de courir', '2026-04-16T09:00', 'courir'],
    ['rappelle-moi à midi de manger', '2026-04-15T12:00', 'manger'],
    ["rappelle-moi l'après-midi de faire la sieste", '2026-04-15T15:00', 'faire la sieste'],
    ['rappelle-moi ce soir de lire', '2026-04-15T20:00', 'lire'],
    ['rappelle-moi à minuit de fermer', '2026-04-16T00:00', 'fermer'],
  ]);
});

describe('understand: rule 4, weekdays', () => {
  check('en', [
    ['remind me to call Bob on friday', '2026-04-17T09:00', 'call Bob'],
    ['remind me to call Bob wednesday', '2026-04-22T09:00', 'call Bob'],
    ['remind me to call Bob next monday', '2026-04-20T09:00', 'call Bob'],
    ['remind me to call Bob next thursday', '2026-04-16T09:00', 'call Bob'],
    ['remind me to call Bob thursday next week', '2026-04-23T09:00', 'call Bob'],
    ['remind me to call Bob monday of next week', '2026-04-20T09:00', 'call Bob'],
  ]);
  check('fr', [
    ['rappelle-moi vendredi de rappeler Bob', '2026-04-17T09:00', 'rappeler Bob'],
    ['rappelle-moi mercredi de rappeler Bob', '2026-04-22T09:00', 'rappeler Bob'],
    ['rappelle-moi jeudi prochain de rappeler Bob', '2026-04-16T09:00', 'rappeler Bob'],
    ['rappelle-moi jeudi de la semaine prochaine de rappeler Bob', '2026-04-23T09:00', 'rappeler Bob'],
    ['rappelle-moi lundi la semaine prochaine de rappeler Bob', '2026-04-20T09:00', 'rappeler Bob'],
  ]);
});

describe('understand: rule 5, delays', () => {
  check('en', [
    ['remind me in 45 minutes to check the oven', '2026-04-15T11:05', 'check the oven'],
    ['remind me to water the plants in 2 days', '2026-04-17T10:20', 'water the plants'],
    ['remind me in 3 weeks to cancel the trial', '2026-05-06T10:20', 'cancel the trial'],
    ['remind me to call the bank in 7 days at 5pm', '2026-04-22T17:00', 'call the bank'],
    ['remind me in 6 months to get a checkup', '2026-10-15T10:20', 'get a checkup'],
  ]);
  check('fr', [
    ["rappelle-moi dans 45 minutes de vérifier le four", '2026-04-15T11:05', 'vérifier le four'],
    ["rappelle-moi d'arroser les plantes dans 2 jours", '2026-04-17T10:20', 'arroser les plantes'],
    ["rappelle-moi dans trois semaines d'annuler l'essai", '2026-05-06T10:20', "annuler l'essai"],
    ['rappelle-moi dans six mois de faire un bilan', '2026-10-15T10:20', 'faire un bilan'],
  ]);
});

describe('understand: rule 6, tomorrow, after tomorrow, next week, weekend', () => {
  check('en', [
    ['remind me to pay the nanny the day after tomorrow', '2026-04-17T09:00', 'pay the nanny'],
    ['remind me to plan the sprint next week', '2026-04-20T09:00', 'plan the sprint'],
    ['remind me to wash the car this weekend', '2026-04-18T09:00', 'wash the car'],
  ]);
  check('fr', [
    ['rappelle-moi après-demain de payer la nounou', '2026-04-17T09:00', 'payer la nounou'],
    ['rappelle-moi de planifier le sprint la semaine prochaine', '2026-04-20T09:00', 'planifier le sprint'],
    ['rappelle-moi ce week-end de laver la voiture', '2026-04-18T09:00', 'laver la voiture'],
  ]);
  // Saturday before 09:00: today; Saturday after 09:00: the next Saturday.
  check('en', [['remind me to wash the car this weekend', '2026-04-18T09:00', 'wash the car']], '2026-04-18T08:00:00+02:00');
  check('en', [['remind me to wash the car this weekend', '2026-04-25T09:00', 'wash the car']], '2026-04-18T10:00:00+02:00');
  check('fr', [['rappelle-moi ce week-end de laver la voiture', '2026-04-25T09:00', 'laver la voiture']], '2026-04-19T10:00:00+02:00');
});

describe('understand: rule 7, a day and month without a year is the next one not past', () => {
  check('en', [
    ['remind me to call the embassy on March 3rd', '2027-03-03T09:00', 'call the embassy'],
    ['remind me to call the embassy on April 15', '2026-04-15T09:00', 'call the embassy'],
    ['remind me to pay rent on the 1st', '2026-05-01T09:00', 'pay rent'],
    ['remind me to call the embassy on 14 January 2028 at 10 am', '2028-01-14T10:00', 'call the embassy'],
  ]);
  check('fr', [
    ["rappelle-moi d'appeler l'ambassade le 3 mars", '2027-03-03T09:00', "appeler l'ambassade"],
    ['rappelle-moi de payer le loyer le 1er', '2026-05-01T09:00', 'payer le loyer'],
    ['rappelle-moi le 23/04 de voir le notaire', '2026-04-23T09:00', 'voir le notaire'],
  ]);
});

describe('understand: rule 8, bare hours', () => {
  check('en', [
    ['remind me at 4 to pick up the dry cleaning', '2026-04-15T16:00', 'pick up the dry cleaning'],
    ['remind me at 11 to stretch', '2026-04-15T11:00', 'stretch'],
    ['remind me at 10 to stretch', '2026-04-15T22:00', 'stretch'],
    ['remind me to call Paul tomorrow at 3', '2026-04-16T03:00', 'call Paul'],
    ['remind me to call Paul tomorrow afternoon at 5', '2026-04-16T17:00', 'call Paul'],
  ]);
  check('fr', [
    ['rappelle-moi à 5h de partir', '2026-04-16T05:00', 'partir'],
    ['rappelle-moi à 17 heures de partir', '2026-04-15T17:00', 'partir'],
    ['rappelle-moi à 5 heures du soir de partir', '2026-04-15T17:00', 'partir'],
    ["rappelle-moi à 5h de l'après-midi de partir", '2026-04-15T17:00', 'partir'],
    ['rappelle-moi à 8 heures ce soir de partir', '2026-04-15T20:00', 'partir'],
    ['rappelle-moi à 3h du matin de partir', '2026-04-16T03:00', 'partir'],
  ]);
});

describe('understand: rule 9, clock idioms', () => {
  check('en', [
    ['remind me at half past six in the evening to call Grandma', '2026-04-15T18:30', 'call Grandma'],
    ['remind me at quarter past ten to join the call', '2026-04-15T22:15', 'join the call'],
    ['remind me at a quarter to five to leave', '2026-04-15T16:45', 'leave'],
    ['remind me at 21:45 to lock up', '2026-04-15T21:45', 'lock up'],
    ['remind me at 9.30pm to take my pills', '2026-04-15T21:30', 'take my pills'],
    ['remind me at 7:30 PM to call Dad', '2026-04-15T19:30', 'call Dad'],
  ]);
  check('fr', [
    ['rappelle-moi à 18 heures et demie de partir', '2026-04-15T18:30', 'partir'],
    ['rappelle-moi à 18 heures et quart de partir', '2026-04-15T18:15', 'partir'],
    ['rappelle-moi à neuf heures moins le quart de partir', '2026-04-16T08:45', 'partir'],
    ['rappelle-moi à midi et demi de manger', '2026-04-15T12:30', 'manger'],
    ['rappelle-moi à 9h30 de partir', '2026-04-16T09:30', 'partir'],
    ['rappelle-moi à 9 h 30 de partir', '2026-04-16T09:30', 'partir'],
    ['rappelle-moi à 21:45 de fermer', '2026-04-15T21:45', 'fermer'],
  ]);
});

describe('understand: rule 10, numbers in words', () => {
  check('en', [
    ['remind me in two hours to call back', '2026-04-15T12:20', 'call back'],
    ['remind me at five to leave', '2026-04-15T17:00', 'leave'],
    ['remind me in an hour and a half to check the oven', '2026-04-15T11:50', 'check the oven'],
    ['remind me in half an hour to move the car', '2026-04-15T10:50', 'move the car'],
    ['remind me in twenty five minutes to stir', '2026-04-15T10:45', 'stir'],
  ]);
  check('fr', [
    ['rappelle-moi dans deux heures de rappeler', '2026-04-15T12:20', 'rappeler'],
    ['rappelle-moi à cinq heures de partir', '2026-04-16T05:00', 'partir'],
    ['rappelle-moi dans une demi-heure de sortir le linge', '2026-04-15T10:50', 'sortir le linge'],
    ['rappelle-moi dans un quart d’heure de poster la lettre', '2026-04-15T10:35', 'poster la lettre'],
    ['rappelle-moi dans une heure et demie de sortir', '2026-04-15T11:50', 'sortir'],
    ['rappelle-moi à dix-sept heures trente de partir', '2026-04-15T17:30', 'partir'],
    ['rappelle-moi dans vingt-cinq minutes de remuer', '2026-04-15T10:45', 'remuer'],
  ]);
});

describe('understand: rule 11, DST gaps and repeats resolve like Luxon', () => {
  it('a nonexistent 02:30 moves forward by the gap (Paris, Sydney, New York)', () => {
    const cases: Array<[string, string, Language, string, string]> = [
      ['rappelle-moi à 2h30 de lancer la sauvegarde', '2026-03-28T23:00:00+01:00', 'fr', 'Europe/Paris', '2026-03-29T03:30'],
      ['remind me tomorrow at 2:30 am to check the backup', '2026-10-03T21:00:00+10:00', 'en', 'Australia/Sydney', '2026-10-04T03:30'],
      ['remind me at 2:30am to check the backup', '2026-03-07T22:00:00-05:00', 'en', 'America/New_York', '2026-03-08T03:30'],
    ];
    for (const [text, now, language, timezone, expected] of cases) {
      const r = understand(text, { now, timezone, language });
      expect('dueLocal' in r && r.dueLocal).toBe(expected);
    }
  });

  it('a repeated 01:30 takes the offset Luxon picks by default', () => {
    const r = understand('remind me at 1:30am to check the backup', {
      now: '2026-10-31T22:00:00-04:00',
      timezone: 'America/New_York',
      language: 'en',
    });
    const luxon = DateTime.fromObject({ year: 2026, month: 11, day: 1, hour: 1, minute: 30 }, { zone: 'America/New_York' });
    expect('dueAt' in r && r.dueAt.toISOString()).toBe(luxon.toJSDate().toISOString());
  });

  it('"in 3 hours" across the autumn change adds real hours, not wall-clock hours', () => {
    const r = understand('remind me in 3 hours to switch off the heater', {
      now: '2026-11-01T00:30:00-04:00',
      timezone: 'America/Toronto',
      language: 'en',
    });
    expect('dueAt' in r && r.dueAt.toISOString()).toBe('2026-11-01T07:30:00.000Z');
    expect('dueLocal' in r && r.dueLocal).toBe('2026-11-01T02:30');
  });

  it('"in 2 days" across the spring change keeps the clock time', () => {
    const r = understand('rappelle-moi dans 2 jours de payer', {
      now: '2026-03-28T10:00:00+01:00',
      timezone: 'Europe/Paris',
      language: 'fr',
    });
    expect('dueAt' in r && r.dueAt.toISOString()).toBe('2026-03-30T08:00:00.000Z');
    expect('dueLocal' in r && r.dueLocal).toBe('2026-03-30T10:00');
  });

  it('a weekday across the Australian spring change lands at 09:00 local', () => {
    const r = understand('remind me on monday to renew the permit', {
      now: '2026-10-02T12:00:00+10:00',
      timezone: 'Australia/Sydney',
      language: 'en',
    });
    expect('dueLocal' in r && r.dueLocal).toBe('2026-10-05T09:00');
    expect('dueAt' in r && r.dueAt.toISOString()).toBe('2026-10-04T22:00:00.000Z');
  });
});

describe('understand: calendar edges', () => {
  it('crosses the year end', () => {
    const r = understand('remind me in three hours to send Julia the photos', {
      now: '2026-12-31T22:00:00+00:00',
      timezone: 'UTC',
      language: 'en',
    });
    expect('dueLocal' in r && r.dueLocal).toBe('2027-01-01T01:00');
    const fr = understand("rappelle-moi demain d'appeler mes parents", {
      now: '2026-12-31T23:10:00+01:00',
      timezone: 'Europe/Paris',
      language: 'fr',
    });
    expect('dueLocal' in fr && fr.dueLocal).toBe('2027-01-01T09:00');
  });

  it('knows leap days', () => {
    const leap = understand('remind me to renew the permit the day after tomorrow', {
      now: '2028-02-28T18:00:00+01:00',
      timezone: 'Europe/Paris',
      language: 'en',
    });
    expect('dueLocal' in leap && leap.dueLocal).toBe('2028-03-01T09:00');
    const feb29 = understand('rappelle-moi le 29 février de fêter', {
      now: '2026-03-01T10:00:00+01:00',
      timezone: 'Europe/Paris',
      language: 'fr',
    });
    expect('dueLocal' in feb29 && feb29.dueLocal).toBe('2028-02-29T09:00');
  });

  it('uses the zone named in the text', () => {
    const en = understand('remind me to call the Boston office at 3pm New York time', {
      now: '2026-05-13T10:00:00+01:00',
      timezone: 'Europe/London',
      language: 'en',
    });
    expect(en).toMatchObject({ zone: 'America/New_York', dueLocal: '2026-05-13T15:00', subject: 'call the Boston office' });
    const fr = understand('rappelle-moi de rejoindre la réunion à 15h heure de Montréal', {
      now: '2026-05-27T10:00:00+02:00',
      timezone: 'Europe/Paris',
      language: 'fr',
    });
    expect(fr).toMatchObject({ zone: 'America/Toronto', dueLocal: '2026-05-27T15:00', subject: 'rejoindre la réunion' });
    const london = understand('remind me at 9am London time to call Tom', { now: NOW, timezone: PARIS, language: 'en' });
    expect(london).toMatchObject({ zone: 'Europe/London', dueLocal: '2026-04-16T09:00' });
  });
});

describe('understand: speech-to-text input and subjects (rule 12)', () => {
  check('en', [
    ['um remind me uh to buy sunscreen this weekend', '2026-04-18T09:00', 'buy sunscreen'],
    ['can you please remind me to take out the trash tonight', '2026-04-15T20:00', 'take out the trash'],
    ["don't let me forget to email the accountant", null, 'email the accountant'],
    ['I need to submit the VAT return next week', '2026-04-20T09:00', 'submit the VAT return'],
    ['tomorrow at 8pm remind me to go to the gym', '2026-04-16T20:00', 'go to the gym'],
    ['remind me to pick up April from school at 3pm', '2026-04-15T15:00', 'pick up April from school'],
    ['remind me to put the turkey in at 11 am', '2026-04-15T11:00', 'put the turkey in'],
    ['Remind me to call Sarah at 9 a.m. tomorrow, thanks', '2026-04-16T09:00', 'call Sarah'],
    ['remind me to meet Sam at the station at 5', '2026-04-15T17:00', 'meet Sam at the station'],
  ]);
  check('fr', [
    ["euh rappelle-moi de prendre rendez-vous chez le kiné à 17h", '2026-04-15T17:00', 'prendre rendez-vous chez le kiné'],
    ["n'oublie pas de payer la facture d'eau demain à 17h", '2026-04-16T17:00', "payer la facture d'eau"],
    ['pense à rappeler Mélanie ce soir', '2026-04-15T20:00', 'rappeler Mélanie'],
    ["il faut que j'appelle le dentiste demain matin", '2026-04-16T09:00', 'appelle le dentiste'],
    ['faut que je passe à la pharmacie à 18h', '2026-04-15T18:00', 'passe à la pharmacie'],
    ["je dois acheter du lait ce soir s'il te plaît", '2026-04-15T20:00', 'acheter du lait'],
    ["tu peux me rappeler d'appeler Marie à 16h", '2026-04-15T16:00', 'appeler Marie'],
    ["rappelle moi a 9h d'appeler le medecin", '2026-04-16T09:00', 'appeler le medecin'],
    ["rappelle-moi d'acheter des piles", null, 'acheter des piles'],
  ]);
});

describe('parseWhen', () => {
  const ctx = { now: NOW, timezone: PARIS };
  it.each([
    ['move it to 6pm', 'en', '2026-04-15T18:00'],
    ['in 10 minutes', 'en', '2026-04-15T10:30'],
    ['10 minutes', 'en', '2026-04-15T10:30'],
    ['tomorrow at 7', 'en', '2026-04-16T07:00'],
    ['à demain 18h', 'fr', '2026-04-16T18:00'],
    ['dans 10 minutes', 'fr', '2026-04-15T10:30'],
    ['encore 5 minutes', 'fr', '2026-04-15T10:25'],
    ['vendredi à 14h30', 'fr', '2026-04-17T14:30'],
  ] as const)('%s → %s', (text, language, dueLocal) => {
    expect(parseWhen(text, { ...ctx, language })?.dueLocal).toBe(dueLocal);
  });

  it('returns null without any date or time', () => {
    expect(parseWhen('whenever you like', { ...ctx, language: 'en' })).toBeNull();
    expect(parseWhen('je ne sais pas', { ...ctx, language: 'fr' })).toBeNull();
  });

  it('detects the language when none is given', () => {
    expect(parseWhen('demain à 18h', ctx)?.dueLocal).toBe('2026-04-16T18:00');
  });
});

describe('detectLanguage and stripTrigger', () => {
  it.each([
    ["rappelle-moi d'appeler le garagiste lundi", 'fr'],
    ['n’oublie pas de payer la facture', 'fr'],
    ['remind me to call the plumber tomorrow at 5pm', 'en'],
    ["don't let me forget to renew the domain", 'en'],
  ] as const)('%s is %s', (text, language) => {
    expect(detectLanguage(text)).toBe(language);
  });

  it('drops triggers and fillers in both languages', () => {
    expect(stripTrigger('ok so remind me to call mom', 'en')).toBe('call mom');
    expect(stripTrigger("rappelle-moi d'appeler maman", 'fr')).toBe('appeler maman');
    expect(stripTrigger('fais-moi penser à acheter du pain', 'fr')).toBe('acheter du pain');
  });

  it('rejects an unknown zone or an invalid now', () => {
    expect(() => understand('remind me at 5pm to go', { now: NOW, timezone: 'Mars/Olympus' })).toThrow(RangeError);
    expect(() => understand('remind me at 5pm to go', { now: 'yesterday', timezone: PARIS })).toThrow(RangeError);
  });
});
