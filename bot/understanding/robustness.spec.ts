import { resolve } from 'node:path';
import { readdirSync } from 'node:fs';
import { readCases, reportScore, score } from './evaluation';
import { Language } from './types';
import { understand } from './understand';

/**
 * Issue 11: whole classes of the ways people ask, beyond any one set's sentences. Every sentence
 * here is new (none is in a fixture set); each block is one class of input, fixed by a general rule.
 * `now` is Monday 23 November 2026, 10:00 in Paris.
 */
const NOW = '2026-11-23T10:00:00+01:00';

function all(text: string, language: Language): Array<[string, string | null, string | null]> {
  const r = understand(text, { now: NOW, timezone: 'Europe/Paris', language });
  return (r.reminders ?? [r]).map((x) => [x.subject, 'dueLocal' in x ? x.dueLocal : null, x.rrule ?? null]);
}
const one = (text: string, language: Language) => all(text, language)[0];

describe('every fixture set stays whole', () => {
  // The sets' own specs allow a little headroom; the rules here must not take any of it.
  it.each(['sample', 'duckling', 'adversarial', 'heldout-2', 'heldout-3', 'sample2', 'heldout-v2', 'heldout-v2b', 'heldout-v2c', 'heldout-v2d', 'heldout-v2e', 'heldout-v2g', 'heldout-v2h', 'heldout-v2i', 'heldout-v2j', 'heldout-v2k', 'heldout-v2m', 'heldout-v2n', 'heldout-v2o', 'heldout-v2p', 'heldout-v2q', 'heldout-v2t', 'heldout-v2u', 'heldout-v2v', 'heldout-v2x', 'heldout-v2aa', 'heldout-v2ab', 'heldout-v2ac', 'heldout-v2ad', 'heldout-v2ah', 'heldout-v2ai', 'heldout-v2aj', 'heldout-v2ak', 'heldout-v2am', 'heldout-v2an', 'heldout-v2ao', 'heldout-v2ap', 'heldout-v2aq', 'heldout-v2as', 'heldout-v2au', 'heldout-v2av', 'heldout-v2ba', 'heldout-v2bb', 'heldout-v2bc', 'heldout-v2bd', 'heldout-v2be', 'heldout-v2bf', 'heldout-v2bh', 'heldout-v2bj', 'heldout-v2bk', 'heldout-v2bl', 'heldout-v2bm'])(
    '%s scores 100 %%',
    (name) => {
      const result = score(readCases(resolve(__dirname, 'fixtures', `${name}.jsonl`)));
      expect(result.bothAccuracy).toBe(1);
    },
  );
});

describe('typographic apostrophes (phones type ’)', () => {
  it('reads every fixture case with ’ for \' exactly as typed with \', the subject keeping the user\'s ’', () => {
    const dir = resolve(__dirname, 'fixtures');
    const files = readdirSync(dir).filter((f) => f.endsWith('.jsonl'));
    let checked = 0;
    const differ: string[] = [];
    for (const f of files) {
      for (const c of readCases(resolve(dir, f))) {
        if (!c.text.includes("'")) continue;
        const ctx = { now: c.now, timezone: c.timezone, language: c.language };
        const plain = understand(c.text, ctx);
        const curly = understand(c.text.replace(/'/g, '\u2019'), ctx);
        const shape = (u: typeof plain, apostrophe: string) =>
          JSON.stringify((u.reminders ?? [u]).map((x) => [x.subject.replace(new RegExp(apostrophe, 'g'), "'"), 'dueLocal' in x ? x.dueLocal : null, x.rrule ?? null]));
        if (shape(plain, "'") !== shape(curly, '\u2019') || (plain.subject.includes("'") && !curly.subject.includes('\u2019'))) differ.push(c.id);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
    expect(differ).toEqual([]);
  });

  it('reads requests, remarks and contractions typed with ’', () => {
    expect(one('rappelle-moi d’appeler le dentiste demain à 9h', 'fr')).toEqual(['appeler le dentiste', '2026-11-24T09:00', null]);
    expect(one('remind me to call mum tomorrow, I’m always forgetting', 'en')[0]).toBe('call mum');
    expect(one('don’t let me forget the bins tonight', 'en')[0]).toBe('the bins');
    expect(one('remind me to fix Sam’s bike tomorrow', 'en')[0]).toBe('fix Sam’s bike');
  });
});

describe('dev-v2f (fixtures/dev-v2f.jsonl): a blind development set written from CONVENTIONS.md only', () => {
  it('scores it and reports the figures', () => {
    const cases = readCases(resolve(__dirname, 'fixtures', 'dev-v2f.jsonl'));
    expect(cases.length).toBeGreaterThanOrEqual(350);
    const result = score(cases);
    reportScore('dev-v2f', result);
    // First contact: 88.67 % (both) with the extractor of main, 92.07 % with this branch's first
    // two commits (neither had seen the set); 100 % after the fixes below.
    expect(result.bothAccuracy).toBeGreaterThanOrEqual(0.98);
  });
});

describe('a month, or a stretch of one, with the words that introduce it', () => {
  it('reads early / mid / late, the start of, début / mi- / au début du, and "in" / "en" before a month', () => {
    expect(one('remind me mid-january to book the ski trip', 'en')).toEqual(['book the ski trip', '2027-01-15T09:00', null]);
    expect(one('remind me late december to order the turkey', 'en')).toEqual(['order the turkey', '2026-12-31T09:00', null]);
    expect(one('remind me in march to service the boiler', 'en')).toEqual(['service the boiler', '2027-03-01T09:00', null]);
    expect(one('rappelle-moi début février de payer la taxe foncière', 'fr')).toEqual(['payer la taxe foncière', '2027-02-01T09:00', null]);
    expect(one('rappelle-moi à la mi-mars de tailler les rosiers', 'fr')).toEqual(['tailler les rosiers', '2027-03-15T09:00', null]);
    expect(one("rappelle-moi en avril de faire la déclaration d'impôts", 'fr')).toEqual(["faire la déclaration d'impôts", '2027-04-01T09:00', null]);
  });

  it('reads the start / middle of next week or month', () => {
    expect(one('remind me at the beginning of next week to call the accountant', 'en')).toEqual(['call the accountant', '2026-11-30T09:00', null]);
    expect(one('rappelle-moi au début du mois prochain de changer les draps', 'fr')).toEqual(['changer les draps', '2026-12-01T09:00', null]);
    expect(one('rappelle-moi en milieu de semaine prochaine de relancer le client', 'fr')).toEqual(['relancer le client', '2026-12-02T09:00', null]);
  });

  it('reads "sur l\'heure du midi" as noon', () => {
    expect(one("rappelle-moi vendredi sur l'heure du midi de passer à la poste", 'fr')).toEqual(['passer à la poste', '2026-11-27T12:00', null]);
  });
});

describe('the request said after the subject', () => {
  it('keeps what comes before a closing "remind me" / "rappelle-moi" / "tu me le rappelles"', () => {
    expect(one('pick up the dry cleaning tomorrow, remind me', 'en')).toEqual(['pick up the dry cleaning', '2026-11-24T09:00', null]);
    expect(one('payer la cantine vendredi et rappelle-moi', 'fr')).toEqual(['payer la cantine', '2026-11-27T09:00', null]);
    expect(one('sortir le chien à 18h tu me le rappelles ?', 'fr')).toEqual(['sortir le chien', '2026-11-23T18:00', null]);
    expect(one('need to pay the plumber on friday, remind me eh', 'en')).toEqual(['pay the plumber', '2026-11-27T09:00', null]);
    expect(one('faut que je charge la moto demain à 7h rappelle-moi dèh', 'fr')).toEqual(['charge la moto', '2026-11-24T07:00', null]);
    expect(one('every sunday evening - bins out. remind me please', 'en')).toEqual(['bins out', '2026-11-29T20:00', 'FREQ=WEEKLY;BYDAY=SU']);
  });

  it('leaves a reminding verb that belongs to the subject ("the teacher who reminded me")', () => {
    expect(one('call the teacher who reminded me tomorrow', 'en')[0]).toBe('call the teacher who reminded me');
    expect(one('acheter le disque qui me rappelle papa samedi', 'fr')[0]).toBe('acheter le disque qui me rappelle papa');
  });
});

describe('courtesy, tags and emoji at the end', () => {
  it('drops thanks, "if you can" / "si tu peux", "when you get a chance", particles and emoticons', () => {
    expect(one('remind me to renew the parking permit tomorrow if you can', 'en')[0]).toBe('renew the parking permit');
    expect(one('remind me to back up the photos on sunday when you get a chance', 'en')[0]).toBe('back up the photos');
    expect(one('remind me at 6 to start the slow cooker thanks heaps', 'en')).toEqual(['start the slow cooker', '2026-11-23T18:00', null]);
    expect(one('remind me to call nan tomorrow lol', 'en')[0]).toBe('call nan');
    expect(one('can remind me on sunday to wash the car or not', 'en')[0]).toBe('wash the car');
    expect(one('rappelle-moi de rendre la perceuse à Paul samedi si ça te dérange pas', 'fr')[0]).toBe('rendre la perceuse à Paul');
    expect(one("rappelle-moi jeudi de commander les lunettes merci d'avance", 'fr')[0]).toBe('commander les lunettes');
    expect(one('rappelle-moi demain de sortir le compost hein', 'fr')[0]).toBe('sortir le compost');
    expect(one('rappelle-moi demain de payer la nounou :)', 'fr')[0]).toBe('payer la nounou');
    expect(one('remind me on friday to water the ferns 🌿🙏', 'en')[0]).toBe('water the ferns');
  });

  it('drops vocatives at the start ("mon frère", "hey mate")', () => {
    expect(one("mon frère rappelle-moi demain d'acheter le pain", 'fr')[0]).toBe('acheter le pain');
    expect(one('ma sœur faut tu me rappelles de payer le loyer vendredi', 'fr')[0]).toBe('payer le loyer');
    expect(one('hey mate remind me to ring the garage tomorrow', 'en')[0]).toBe('ring the garage');
  });
});

describe('ways of asking', () => {
  it('reads English requests beyond "remind me"', () => {
    expect(one('note that i need to renew my library card on thursday', 'en')[0]).toBe('renew my library card');
    expect(one('i need a reminder on monday to pay the window cleaner', 'en')[0]).toBe('pay the window cleaner');
    expect(one('help me remember to order the cake on saturday', 'en')[0]).toBe('order the cake');
    expect(one('bug me at 4pm to stretch', 'en')).toEqual(['stretch', '2026-11-23T16:00', null]);
    expect(one('give me a shout at 5 to feed the dog', 'en')).toEqual(['feed the dog', '2026-11-23T17:00', null]);
    expect(one('can you make sure i call the bank tomorrow', 'en')[0]).toBe('call the bank');
    expect(one('ping me tomorrow abt the invoice', 'en')[0]).toBe('the invoice');
    expect(one('remind me on monday regarding the lease', 'en')[0]).toBe('the lease');
    expect(one('i wanna be reminded to call the landlord tomorrow', 'en')[0]).toBe('call the landlord');
  });

  it('reads French requests beyond "rappelle-moi"', () => {
    expect(one('dis-moi demain de rappeler le notaire', 'fr')[0]).toBe('rappeler le notaire');
    expect(one('tu me diras vendredi de descendre les cartons', 'fr')[0]).toBe('descendre les cartons');
    expect(one("n'oublie pas de me dire jeudi de prendre les billets", 'fr')[0]).toBe('prendre les billets');
    expect(one('fais-moi signe demain à 15h pour la réunion', 'fr')).toEqual(['la réunion', '2026-11-24T15:00', null]);
    expect(one('relance-moi lundi pour le devis', 'fr')[0]).toBe('le devis');
    expect(one("j'aimerais un rappel demain pour appeler la mutuelle", 'fr')[0]).toBe('appeler la mutuelle');
    expect(one('tu me ferais un rappel samedi pour arroser les tomates ?', 'fr')[0]).toBe('arroser les tomates');
    expect(one('tu peux me faire un petit rappel mardi pour la vidange', 'fr')[0]).toBe('la vidange');
    expect(one("faut pas que j'oublie de rendre les clés jeudi", 'fr')[0]).toBe('rendre les clés');
    expect(one("je dois pas oublier d'appeler le syndic demain", 'fr')[0]).toBe('appeler le syndic');
  });

  it('reads typos and texting in the trigger', () => {
    expect(one('reminde me tomorrow to pay the gas bill', 'en')[0]).toBe('pay the gas bill');
    expect(one('remind mee on friday to clean the gutters', 'en')[0]).toBe('clean the gutters');
    // Texting's "2" for "to" is no 2 o'clock.
    expect(one('remind me tmrw 2 call the vet', 'en')).toEqual(['call the vet', '2026-11-24T09:00', null]);
  });
});

describe('voice transcripts: corrections and dictated punctuation', () => {
  it('reads a correction with "nan", "attends", "ah non"', () => {
    expect(one('rappelle-moi à 14h nan à 15h de rappeler le garage', 'fr')).toEqual(['rappeler le garage', '2026-11-23T15:00', null]);
    expect(one('rappelle-moi à 10h attends à 11h de passer chez le médecin', 'fr')).toEqual(['passer chez le médecin', '2026-11-23T11:00', null]);
    expect(one('rappelle-moi demain à 9h ah non plutôt 10h de sortir le chien', 'fr')).toEqual(['sortir le chien', '2026-11-24T10:00', null]);
  });

  it('reads "virgule" as a comma between two reminders', () => {
    expect(all('rappelle-moi lundi de poster la lettre virgule mardi de payer la cantine', 'fr')).toEqual([
      ['poster la lettre', '2026-11-30T09:00', null],
      ['payer la cantine', '2026-11-24T09:00', null],
    ]);
  });
});

describe('dates and repetitions', () => {
  it('reads "à partir de 14h" / "starting at 1pm" as the start of an hourly repetition', () => {
    expect(one("à partir de 14h toutes les 3 heures rappelle-moi de boire de l'eau", 'fr')).toEqual(["boire de l'eau", '2026-11-23T14:00', 'FREQ=HOURLY;INTERVAL=3']);
    expect(one('remind me every 2 hours starting at 1pm to check the oven', 'en')).toEqual(['check the oven', '2026-11-23T13:00', 'FREQ=HOURLY;INTERVAL=2']);
  });

  it('joins parts with "after that" and "plus"', () => {
    expect(all('remind me at 9am to email the boss, after that at 11am to call the supplier', 'en')).toEqual([
      ['email the boss', '2026-11-24T09:00', null],
      ['call the supplier', '2026-11-23T11:00', null],
    ]);
    expect(all('remind me on tuesday morning to pay the rent plus wednesday evening to call mum', 'en')).toEqual([
      ['pay the rent', '2026-11-24T09:00', null],
      ['call mum', '2026-11-25T20:00', null],
    ]);
  });

  it('reads a list of times said without commas', () => {
    expect(all('remind me at 7am 1pm and 7pm to take the antibiotics', 'en').map((r) => r[1])).toEqual(['2026-11-24T07:00', '2026-11-23T13:00', '2026-11-23T19:00']);
    expect(all('rappelle-moi à 9h à 14h et à 19h de nourrir le chat', 'fr').map((r) => r[1])).toEqual(['2026-11-24T09:00', '2026-11-23T14:00', '2026-11-23T19:00']);
    // A day part and a time are one reminder.
    expect(all('remind me tonight at 9 to lock the shed', 'en')).toEqual([['lock the shed', '2026-11-23T21:00', null]]);
  });

  it('reads "next week thursday" as "thursday next week"', () => {
    expect(one('remind me next week thursday to book the dentist', 'en')).toEqual(['book the dentist', '2026-12-03T09:00', null]);
  });

  it('keeps date-like words that name a thing: "the weekly summary", "my PT stretches"', () => {
    expect(one('every friday at 4pm remind me to send the weekly summary', 'en')).toEqual(['send the weekly summary', '2026-11-27T16:00', 'FREQ=WEEKLY;BYDAY=FR']);
    expect(one('remind me at 6pm to do my PT stretches', 'en')).toEqual(['do my PT stretches', '2026-11-23T18:00', null]);
    // "a daily reminder" is the reminder's own repetition.
    expect(one('set a daily reminder at 8am to water the plants', 'en')).toEqual(['water the plants', '2026-11-24T08:00', 'FREQ=DAILY']);
  });

  it('reads "every 1st and last day of the month"', () => {
    expect(one('remind me every 1st and last day of the month to check the bank statement', 'en')).toEqual([
      'check the bank statement',
      '2026-11-30T09:00',
      'FREQ=MONTHLY;BYMONTHDAY=1,-1',
    ]);
  });

  it('reads holidays on a fixed date after a word that makes them a date, and keeps them in a subject', () => {
    expect(one("rappelle-moi la veille de noël d'acheter la bûche", 'fr')).toEqual(['acheter la bûche', '2026-12-24T09:00', null]);
    expect(one("rappelle-moi le jour de l'an à midi d'appeler tonton", 'fr')).toEqual(['appeler tonton', '2027-01-01T12:00', null]);
    expect(one('rappelle-moi à la Saint-Sylvestre de réserver le taxi', 'fr')).toEqual(['réserver le taxi', '2026-12-31T09:00', null]);
    expect(one('remind me on christmas eve to wrap the presents', 'en')).toEqual(['wrap the presents', '2026-12-24T09:00', null]);
    expect(one('remind me by halloween to carve the pumpkin', 'en')).toEqual(['carve the pumpkin', '2027-10-31T09:00', null]);
    expect(one("rappelle-moi d'acheter les cadeaux de noël demain", 'fr')).toEqual(['acheter les cadeaux de noël', '2026-11-24T09:00', null]);
    expect(one('remind me to buy the christmas tree tomorrow', 'en')).toEqual(['buy the christmas tree', '2026-11-24T09:00', null]);
  });

  it('reads "10h15mn", "sur le coup de midi", and "prochain" after a date', () => {
    expect(one("rappelle-moi à 16h45mn d'aller chercher Léo", 'fr')).toEqual(['aller chercher Léo', '2026-11-23T16:45', null]);
    expect(one('rappelle-moi samedi sur le coup de midi de sortir le rôti', 'fr')).toEqual(['sortir le rôti', '2026-11-28T12:00', null]);
    expect(one('rappelle-moi le 9 décembre prochain de payer la cantine', 'fr')).toEqual(['payer la cantine', '2026-12-09T09:00', null]);
  });
});

describe('fillers and leftovers inside the sentence', () => {
  it('drops "du coup" after the trigger, "rappelle-toi que", and "c\'est pour" before the date', () => {
    expect(one("rappelle-moi du coup d'appeler l'assurance jeudi", 'fr')[0]).toBe("appeler l'assurance");
    expect(one('rappelle-toi que je dois réserver le gîte vendredi', 'fr')[0]).toBe('réserver le gîte');
    expect(one("rappelle-moi d'arroser le potager, c'est pour demain 19h", 'fr')).toEqual(['arroser le potager', '2026-11-24T19:00', null]);
  });

  it('drops "that would be great" / "ce serait super", "real quick", a bare closing "remind", and a stray "to"', () => {
    expect(one('remind me to defrost the chicken tomorrow that would be great thanks', 'en')[0]).toBe('defrost the chicken');
    expect(one('rappelle-moi demain de décongeler le poulet ce serait super', 'fr')[0]).toBe('décongeler le poulet');
    expect(one('remind me to top up the meter tomorrow real quick', 'en')[0]).toBe('top up the meter');
    expect(one('tomorrow 7am swim remind', 'en')).toEqual(['swim', '2026-11-24T07:00', null]);
    expect(one('alarm 5:45 tomorrow airport', 'en')).toEqual(['airport', '2026-11-24T05:45', null]);
    expect(one('set me an alarm at 6 to walk the dog', 'en')[0]).toBe('walk the dog');
  });
});

describe('regional English', () => {
  it('reads South African "just now" / "now now" as a time the bot must ask for', () => {
    expect(one('remind me just now to fetch the washing', 'en')).toEqual(['fetch the washing', null, null]);
    expect(one('remind me now now to phone my gran', 'en')).toEqual(['phone my gran', null, null]);
  });

  it('reads British and Irish "a week tomorrow", "a fortnight today", "two weeks on friday"', () => {
    expect(one('remind me a week tomorrow to chase the invoice', 'en')).toEqual(['chase the invoice', '2026-12-01T09:00', null]);
    expect(one('remind me a fortnight today to renew the tax disc', 'en')).toEqual(['renew the tax disc', '2026-12-07T09:00', null]);
    expect(one('remind me two weeks on friday to collect the suit', 'en')).toEqual(['collect the suit', '2026-12-11T09:00', null]);
  });
});

describe('West African and Maghreb French, and spoken hedges', () => {
  it('drops "inch\'allah", "si Dieu le veut", "wallah", "on dit quoi", "sans faute" wherever they are', () => {
    expect(one("rappelle-moi demain inch'allah d'appeler la tantine", 'fr')).toEqual(['appeler la tantine', '2026-11-24T09:00', null]);
    expect(one('rappelle-moi samedi si Dieu le veut de passer au marché', 'fr')[0]).toBe('passer au marché');
    expect(one('rappelle-moi demain de payer le boutiquier wallah', 'fr')[0]).toBe('payer le boutiquier');
    expect(one('rappelle-moi ce soir de recharger le crédit on dit quoi', 'fr')[0]).toBe('recharger le crédit');
    expect(one('rappelle-moi sans faute jeudi de payer la scolarité', 'fr')[0]).toBe('payer la scolarité');
    expect(one('remind me tomorrow inshallah to visit uncle', 'en')[0]).toBe('visit uncle');
  });

  it('reads "y a …" and "there\'s …" as the subject, and a closing "rappel"', () => {
    expect(one('y a la réunion des parents jeudi à 18h rappelle-moi', 'fr')).toEqual(['la réunion des parents', '2026-11-26T18:00', null]);
    expect(one("there's a parcel to collect tomorrow, remind me", 'en')[0]).toBe('a parcel to collect');
    expect(one('garage samedi à 10h rappel', 'fr')).toEqual(['garage', '2026-11-28T10:00', null]);
    // "le rappel" (a booster shot) is a thing.
    expect(one('faire le rappel samedi', 'fr')[0]).toBe('faire le rappel');
  });
});

describe('habits said without "every"', () => {
  it('reads an end in days or weeks with a time of day as a daily habit ("at 8am for 5 days", "pendant une semaine")', () => {
    expect(one('remind me to use the eye drops at 9pm for 4 days', 'en')).toEqual(['use the eye drops', '2026-11-23T21:00', 'FREQ=DAILY;COUNT=4']);
    expect(one("rappelle-moi de prendre le sirop à 8h pendant les 6 prochains jours", 'fr')).toEqual(['prendre le sirop', '2026-11-24T08:00', 'FREQ=DAILY;COUNT=6']);
    expect(one('remind me every day at 7am for the next week to stretch', 'en')).toEqual(['stretch', '2026-11-24T07:00', 'FREQ=DAILY;COUNT=7']);
    // Without a time, how long a thing lasts stays in the subject.
    expect(one('remind me on friday to book a cabin for 3 days', 'en')).toEqual(['book a cabin for 3 days', '2026-11-27T09:00', null]);
    expect(one('rappelle-moi de réserver une voiture pour 3 jours samedi', 'fr')).toEqual(['réserver une voiture pour 3 jours', '2026-11-28T09:00', null]);
  });

  it('reads a weekday with a plural day part as a habit ("sunday nights", "friday evenings")', () => {
    expect(one('remind me to charge the scooter sunday nights', 'en')).toEqual(['charge the scooter', '2026-11-29T20:00', 'FREQ=WEEKLY;BYDAY=SU']);
    expect(one('remind me tuesday mornings to water the ferns', 'en')).toEqual(['water the ferns', '2026-11-24T09:00', 'FREQ=WEEKLY;BYDAY=TU']);
  });
});

describe('lists and corrections', () => {
  it('reads weekdays listed without a joining word as one reminder each', () => {
    expect(all('remind me tuesday thursday and saturday at 7pm to go running', 'en').map((r) => r[1])).toEqual([
      '2026-11-24T19:00',
      '2026-11-26T19:00',
      '2026-11-28T19:00',
    ]);
    expect(all('rappelle-moi mardi, jeudi et samedi à 19h de courir', 'fr').map((r) => r[1])).toEqual(['2026-11-24T19:00', '2026-11-26T19:00', '2026-11-28T19:00']);
    // A weekday and its date are one day.
    expect(all('rappelle-moi lundi 14 décembre de payer la crèche', 'fr')).toEqual([['payer la crèche', '2026-12-14T09:00', null]]);
  });

  it('reads "actually make that …" as a correction, and Indian "today itself" / "tomorrow itself"', () => {
    expect(one('remind me to call the plumber on wednesday actually make that thursday', 'en')).toEqual(['call the plumber', '2026-11-26T09:00', null]);
    expect(one('remind me tomorrow itself to courier the documents', 'en')).toEqual(['courier the documents', '2026-11-24T09:00', null]);
  });
});

describe('exceptions and weeknights', () => {
  it('reads an exception said apart from its repetition ("tous les matins à 7h sauf le dimanche")', () => {
    expect(one("rappelle-moi d'ouvrir les volets tous les matins à 8h sauf le dimanche", 'fr')).toEqual([
      'ouvrir les volets',
      '2026-11-24T08:00',
      'FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR,SA',
    ]);
    expect(one('remind me every evening at 6 except fridays to cook', 'en')).toEqual(['cook', '2026-11-23T18:00', 'FREQ=DAILY;BYDAY=MO,TU,WE,TH,SA,SU']);
    // Alone, "sauf" / "except" is part of the subject.
    expect(one("rappelle-moi d'appeler tout le monde sauf Paul demain", 'fr')).toEqual(['appeler tout le monde sauf Paul', '2026-11-24T09:00', null]);
  });

  it('reads "tous les soirs de la semaine" and "every weeknight" as weekdays', () => {
    expect(one('rappelle-moi tous les soirs de la semaine à 21h de préparer les sacs', 'fr')).toEqual([
      'préparer les sacs',
      '2026-11-23T21:00',
      'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
    ]);
    expect(one('remind me every weeknight at 9 to pack the lunches', 'en')).toEqual(['pack the lunches', '2026-11-23T21:00', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR']);
  });

  it('reads "de bonne heure" as the morning', () => {
    expect(one('rappelle-moi demain de bonne heure de déneiger la voiture', 'fr')).toEqual(['déneiger la voiture', '2026-11-24T09:00', null]);
  });
});

describe('several reminders in a voice note', () => {
  it('leaves the hesitation before a joining word out of the first subject ("… oh and …", "… ah et …")', () => {
    expect(all('remind me to ring the vet at 4 oh and book the groomer at 5', 'en')).toEqual([
      ['ring the vet', '2026-11-23T16:00', null],
      ['book the groomer', '2026-11-23T17:00', null],
    ]);
    expect(all("rappelle-moi demain à 9h d'appeler la mairie ah et à 14h de passer au pressing", 'fr')).toEqual([
      ['appeler la mairie', '2026-11-24T09:00', null],
      ['passer au pressing', '2026-11-24T14:00', null],
    ]);
  });
});

describe('misspelt date words', () => {
  it('reads long date words through one typo, and the usual misspellings of the short ones', () => {
    expect(one('remind me on wendesday at 5pm to call the bank', 'en')).toEqual(['call the bank', '2026-11-25T17:00', null]);
    expect(one('remind me thrusday to renew the permit', 'en')).toEqual(['renew the permit', '2026-11-26T09:00', null]);
    expect(one('remind me firday at noon to order pizza', 'en')).toEqual(['order pizza', '2026-11-27T12:00', null]);
    expect(one('remind me tomo at 8am to ring the school', 'en')).toEqual(['ring the school', '2026-11-24T08:00', null]);
    expect(one("rappelle-moi mercerdi à 14h d'appeler le notaire", 'fr')).toEqual(['appeler le notaire', '2026-11-25T14:00', null]);
    expect(one('rappelle-moi demin à 8h de sortir les poubelles', 'fr')).toEqual(['sortir les poubelles', '2026-11-24T08:00', null]);
    expect(one("rappelle-moi ojd à 18h d'acheter du pain", 'fr')).toEqual(['acheter du pain', '2026-11-23T18:00', null]);
    // A real word one typo away from a short date word stays ("sundae"); a plural weekday is a habit.
    expect(one('remind me to buy a sundae tomorrow', 'en')[0]).toBe('buy a sundae');
    expect(one('remind me thursdays at 6 to call grandma', 'en')[2]).toBe('FREQ=WEEKLY;BYDAY=TH');
  });

  it('reads "17.30" after "à", and "in 2 days\' time"', () => {
    expect(one('rappelle-moi jeudi à 17.30 de passer chez Léa', 'fr')).toEqual(['passer chez Léa', '2026-11-26T17:30', null]);
    expect(one("remind me in 3 days' time to chase the refund", 'en')).toEqual(['chase the refund', '2026-11-26T10:00', null]);
  });
});

describe('the request itself misspelt or put otherwise', () => {
  it('reads the French request through a typo ("rapple moi", "rappelle mooi", "rappel moa", "rappelle-mo")', () => {
    expect(one("rapple moi vendredi d'appeler la crèche", 'fr')[0]).toBe('appeler la crèche');
    expect(one('rappelle mooi demain de payer la cantine', 'fr')[0]).toBe('payer la cantine');
    expect(one('rappel moa samedi de laver la voiture', 'fr')[0]).toBe('laver la voiture');
    expect(one("rappelle-mo lundi d'appeler le syndic", 'fr')[0]).toBe('appeler le syndic');
  });

  it('reads "remindme", "remind-me", "remind em", "remind mw"', () => {
    expect(one('remindme tomorrow to water the garden', 'en')[0]).toBe('water the garden');
    expect(one('remind-me on friday to pay the sitter', 'en')[0]).toBe('pay the sitter');
    expect(one('remind em tomorrow to call the vet', 'en')[0]).toBe('call the vet');
    expect(one('remind mw tonight to charge my phone', 'en')[0]).toBe('charge my phone');
  });

  it('reads requests for us ("rappelle-nous", "remind us") and what follows "à propos de", "au sujet de", "so i can"', () => {
    expect(one('rappelle-nous samedi de réserver le restaurant', 'fr')[0]).toBe('réserver le restaurant');
    expect(one('remind us on sunday to call grandma', 'en')[0]).toBe('call grandma');
    expect(one('rappelle-moi jeudi à propos du contrôle technique', 'fr')[0]).toBe('contrôle technique');
    expect(one('rappelle-moi jeudi au sujet de la facture', 'fr')[0]).toBe('la facture');
    expect(one('remind me tomorrow so i can call the school', 'en')[0]).toBe('call the school');
  });
});

describe('words that are fillers in one place and the subject in another', () => {
  it('drops a name said to the bot only before the request, and keeps it in the subject', () => {
    expect(one('mate, remind me to book the ferry tomorrow', 'en')[0]).toBe('book the ferry');
    expect(one('love can you remind me to ring the plumber tomorrow', 'en')[0]).toBe('ring the plumber');
    expect(one('remind me to buy yerba mate tomorrow', 'en')[0]).toBe('buy yerba mate');
    expect(one('remind me to call my bro tomorrow', 'en')[0]).toBe('call my bro');
    expect(one('remind me to look at the boiler tomorrow', 'en')[0]).toBe('look at the boiler');
    expect(one('boss meeting prep tomorrow at 9', 'en')[0]).toBe('boss meeting prep');
    expect(one('chef, rappelle-moi demain de finir le rapport', 'fr')[0]).toBe('finir le rapport');
    expect(one('tonton anniversaire samedi', 'fr')[0]).toBe('tonton anniversaire');
    expect(one('remind me tomorrow to decide whether to go or not', 'en')[0]).toBe('decide whether to go or not');
  });

  it('keeps a request made to someone else ("ask Paul to remind me", "dis à Paul de me rappeler")', () => {
    expect(one('ask paul tomorrow to remind me', 'en')[0]).toBe('ask paul to remind me');
    expect(one('dis à Paul de me rappeler demain', 'fr')[0]).toBe('dis à Paul de me rappeler');
    expect(one('buy milk tomorrow can you remind me', 'en')[0]).toBe('buy milk');
  });
});

describe('more ways of saying when', () => {
  it('reads "same time tomorrow" / "demain même heure" as that day at the present clock time', () => {
    expect(one('remind me same time tomorrow to turn the compost', 'en')).toEqual(['turn the compost', '2026-11-24T10:00', null]);
    expect(one('remind me this time next week to check the seedlings', 'en')).toEqual(['check the seedlings', '2026-11-30T10:00', null]);
    expect(one('rappelle-moi demain à la même heure de retourner le compost', 'fr')).toEqual(['retourner le compost', '2026-11-24T10:00', null]);
  });

  it('reads the start, middle and end of the month or year', () => {
    expect(one('remind me at the start of the month to pay the cleaner', 'en')).toEqual(['pay the cleaner', '2026-12-01T09:00', null]);
    expect(one('remind me mid month to check the meter', 'en')).toEqual(['check the meter', '2026-12-15T09:00', null]);
    expect(one('remind me at the start of the year to book the MOT', 'en')).toEqual(['book the MOT', '2027-01-01T09:00', null]);
    expect(one("rappelle-moi en début d'année de renouveler l'abonnement", 'fr')).toEqual(["renouveler l'abonnement", '2027-01-01T09:00', null]);
    expect(one('rappelle-moi en début de mois de payer la nounou', 'fr')).toEqual(['payer la nounou', '2026-12-01T09:00', null]);
    expect(one("rappelle-moi en fin d'année de trier les papiers", 'fr')).toEqual(['trier les papiers', '2026-12-31T09:00', null]);
  });

  it('reads "after work" / "après le boulot" as 18:00, "a week from tomorrow", and asks for "later this week"', () => {
    expect(one('remind me after work to get petrol', 'en')).toEqual(['get petrol', '2026-11-23T18:00', null]);
    expect(one('rappelle-moi en sortant du boulot de passer à la pharmacie', 'fr')).toEqual(['passer à la pharmacie', '2026-11-23T18:00', null]);
    expect(one('remind me a week from tomorrow to chase the landlord', 'en')).toEqual(['chase the landlord', '2026-12-01T09:00', null]);
    expect(one('remind me later this week to call the school', 'en')).toEqual(['call the school', null, null]);
    expect(one("rappelle-moi dans la semaine d'appeler l'école", 'fr')).toEqual(["appeler l'école", null, null]);
  });
});

describe('still more ways of asking', () => {
  it('reads "gimme a nudge", "hit me up", "holler at me", "let me know", "remind me again", "make sure i remember"', () => {
    expect(one('yo bot, gimme a nudge at 3 to move the car', 'en')).toEqual(['move the car', '2026-11-23T15:00', null]);
    expect(one('hit me up tomorrow at 9 to renew the rego', 'en')[0]).toBe('renew the rego');
    expect(one('holler at me at 5 to start dinner', 'en')[0]).toBe('start dinner');
    expect(one('let me know on friday to renew the rego', 'en')[0]).toBe('renew the rego');
    expect(one('remind me again tomorrow to email the landlord', 'en')[0]).toBe('email the landlord');
    expect(one('make sure i remember the recycling on monday', 'en')[0]).toBe('the recycling');
    expect(one('add to my reminders: renew the rego on monday', 'en')[0]).toBe('renew the rego');
  });

  it('reads "i keep forgetting to …" as the subject, and a request made to someone else as a whole', () => {
    expect(one('i keep forgetting to renew the rego, remind me monday', 'en')[0]).toBe('renew the rego');
    expect(one('i always forget to water the plants so remind me every sunday', 'en')).toEqual(['water the plants', '2026-11-29T09:00', 'FREQ=WEEKLY;BYDAY=SU']);
    expect(one('tell mum to call me about the party on friday', 'en')[0]).toBe('tell mum to call me about the party');
    expect(one('demande à Julie de me rappeler pour la fête vendredi', 'fr')[0]).toBe('demande à Julie de me rappeler pour la fête');
  });
});

describe('still more French ways of asking', () => {
  it('reads headings, "j\'oublie toujours de", "rappelle-moi à nouveau", "redis-moi", "être prévenu", "préviens-moi quand il faut"', () => {
    expect(one('nouveau rappel : vidange demain 9h', 'fr')).toEqual(['vidange', '2026-11-24T09:00', null]);
    expect(one('ajoute à mes rappels : vidange samedi', 'fr')[0]).toBe('vidange');
    expect(one("j'oublie toujours d'arroser le ficus, rappelle-moi dimanche", 'fr')[0]).toBe('arroser le ficus');
    expect(one("rappelle-moi à nouveau demain d'appeler la banque", 'fr')[0]).toBe('appeler la banque');
    expect(one('redis-moi jeudi de rendre les clés', 'fr')[0]).toBe('rendre les clés');
    expect(one('je voudrais être prévenu demain à 7h pour la livraison', 'fr')).toEqual(['la livraison', '2026-11-24T07:00', null]);
    expect(one('préviens-moi samedi quand il faut changer les draps', 'fr')[0]).toBe('changer les draps');
  });
});

describe('closing words (each strips, so the cheap last-word test before the longer pattern misses none)', () => {
  it.each([
    ['thanks so much', 'en'], ['thank you very much', 'en'], ['ta', 'en'], ['cheers mate', 'en'], ['many thanks', 'en'], ['much appreciated', 'en'],
    ['if you can', 'en'], ['if u dont mind', 'en'], ['if possible', 'en'], ['when you get a chance', 'en'], ['without fail', 'en'],
    ['that would be great', 'en'], ['real quick', 'en'], ['lol', 'en'], ['hahaha', 'en'], ['innit', 'en'], ['lah', 'en'], ['or not', 'en'], ['pls', 'en'], ['okay so', 'en'],
    ["merci d'avance", 'fr'], ['merci beaucoup', 'fr'], ['mille mercis', 'fr'], ["s'il te plaît", 'fr'], ['si tu peux', 'fr'], ['si possible', 'fr'],
    ['si ça te dérange pas', 'fr'], ['quand tu as le temps', 'fr'], ['sans faute', 'fr'], ["c'est gentil", 'fr'], ['ce serait super', 'fr'], ['hein', 'fr'],
    ['tsé', 'fr'], ['bisous', 'fr'], ['dèh', 'fr'], ['mdr', 'fr'], ['stp', 'fr'],
    ['so yeah', 'en'], ["and yeah that's it", 'en'], ["that's all thanks", 'en'], ['you know', 'en'], ['and stuff', 'en'],
    ['ouais', 'fr'], ['voilà quoi', 'fr'], ['et voilà', 'fr'], ['tu vois', 'fr'], ['enfin bref', 'fr'], ["c'est tout", 'fr'],
  ] as Array<[string, Language]>)('drops "%s" (%s)', (tail, language) => {
    const text = language === 'en' ? `remind me tomorrow to call the garage ${tail}` : `rappelle-moi demain d'appeler le garage ${tail}`;
    expect(one(text, language)[0]).toBe(language === 'en' ? 'call the garage' : 'appeler le garage');
  });
});

describe('guards for the rules above', () => {
  it('leaves a correct "aujourd\'hui" alone and reads "by 12 noon" as one time', () => {
    expect(one("rappelle-moi aujourd'hui à 15h de rappeler le garagiste", 'fr')).toEqual(['rappeler le garagiste', '2026-11-23T15:00', null]);
    expect(all('remind me by 12 noon to send the invoice', 'en')).toEqual([['send the invoice', '2026-11-23T12:00', null]]);
  });
});

describe('greetings and sign-offs', () => {
  it('reads no time in "good morning" / "bonne soirée" and drops the sign-off', () => {
    expect(one('good morning! could you please remind me to defrost the fish tonight? thanks so much 😊', 'en')).toEqual(['defrost the fish', '2026-11-23T20:00', null]);
    expect(one('Hi, could you remind me to book the vet on friday? Kind regards', 'en')[0]).toBe('book the vet');
    expect(one('remind me to lock the shed tonight ok thanks bye', 'en')[0]).toBe('lock the shed');
    expect(one('remind me to call the gym tomorrow have a good one', 'en')[0]).toBe('call the gym');
    expect(one('rappelle-moi de fermer le garage ce soir bonne soirée', 'fr')).toEqual(['fermer le garage', '2026-11-23T20:00', null]);
    expect(one("Bonjour, j'aimerais que vous me rappeliez de régler la facture jeudi. Cordialement", 'fr')[0]).toBe('régler la facture');
    expect(one('rappelle-moi demain de rappeler le plombier merci à plus', 'fr')[0]).toBe('rappeler le plombier');
  });
});

describe('typed layout', () => {
  it('drops brackets a cut date empties, arrows and bullets, and reads a bare hour after "tmrw"', () => {
    expect(one('remind me (tomorrow) to call the bank', 'en')).toEqual(['call the bank', '2026-11-24T09:00', null]);
    expect(one('rappel : demain 9h -> appeler la banque', 'fr')).toEqual(['appeler la banque', '2026-11-24T09:00', null]);
    expect(one('REMIND ME!!! call bank tmrw 11', 'en')).toEqual(['call bank', '2026-11-24T11:00', null]);
  });
});

describe('classes found by heldout-v2f (its own sentences are not used here)', () => {
  it('reads the Quebec pronouns "moé", "moué", "toé" in a request, and keeps them in the subject', () => {
    expect(one("rappelle-moé demain d'appeler ma tante", 'fr')).toEqual(['appeler ma tante', '2026-11-24T09:00', null]);
    expect(one('fais-moé penser vendredi de payer le loyer', 'fr')).toEqual(['payer le loyer', '2026-11-27T09:00', null]);
    expect(one('dis-moé demain de sortir le recyclage', 'fr')[0]).toBe('sortir le recyclage');
    expect(one('rappelle moé jeudi de changer les pneus', 'fr')[0]).toBe('changer les pneus');
    expect(one('rappelle-moué demain de laver le char', 'fr')[0]).toBe('laver le char');
    expect(one("rappelle-toé demain d'acheter du lait", 'fr')[0]).toBe('acheter du lait');
    expect(one('payer le loyer vendredi, rappelle-moé', 'fr')[0]).toBe('payer le loyer');
    expect(all('rappelle-moé à 8h pis à 17h de nourrir le chat', 'fr')).toEqual([
      ['nourrir le chat', '2026-11-24T08:00', null],
      ['nourrir le chat', '2026-11-23T17:00', null],
    ]);
    // Elsewhere the word is the user's own.
    expect(one("rappelle-moé demain de dire à Paul que moé j'arrive", 'fr')[0]).toBe("dire à Paul que moé j'arrive");
  });

  it('joins listed weekdays with "pis", "plus", "ainsi que", "n", "as well as", not only "et" / "and"', () => {
    expect(one("tous les mardis pis jeudis à 18h rappelle-moi d'aller au curling", 'fr')).toEqual(['aller au curling', '2026-11-24T18:00', 'FREQ=WEEKLY;BYDAY=TU,TH']);
    expect(one('les lundis pis les mercredis rappelle-moi de sortir le bac', 'fr')).toEqual(['sortir le bac', '2026-11-25T09:00', 'FREQ=WEEKLY;BYDAY=MO,WE']);
    expect(one('rappelle-moi chaque lundi ainsi que jeudi de vider la litière', 'fr')[2]).toBe('FREQ=WEEKLY;BYDAY=MO,TH');
    expect(one('remind me every tue n thu at 7pm to go to band practice', 'en')).toEqual(['go to band practice', '2026-11-24T19:00', 'FREQ=WEEKLY;BYDAY=TU,TH']);
    expect(one('remind me on mondays plus thursdays to take out the recycling', 'en')[2]).toBe('FREQ=WEEKLY;BYDAY=MO,TH');
    expect(one('remind me every monday as well as friday at 6 pm to call mum', 'en')).toEqual(['call mum', '2026-11-23T18:00', 'FREQ=WEEKLY;BYDAY=MO,FR']);
  });

  it('reads "I need / I\'d like / I could use a reminder … to" and "j\'ai besoin d\'un rappel … pour" across several times', () => {
    expect(all('i want a reminder every day at 7am and 7pm to feed the cat', 'en')).toEqual([
      ['feed the cat', '2026-11-24T07:00', 'FREQ=DAILY'],
      ['feed the cat', '2026-11-23T19:00', 'FREQ=DAILY'],
    ]);
    expect(all('can i get a reminder on friday at 10am and at 4pm to check the oven', 'en').map((r) => r[0])).toEqual(['check the oven', 'check the oven']);
    expect(all('i could use a reminder every day at 8am and 8pm to stretch', 'en').map((r) => r[0])).toEqual(['stretch', 'stretch']);
    expect(all("i'd appreciate a reminder on friday at 10am and at 2pm to call the vet", 'en').map((r) => r[0])).toEqual(['call the vet', 'call the vet']);
    expect(all('i need some reminders tomorrow at 9am and 3pm to drink water', 'en')).toEqual([
      ['drink water', '2026-11-24T09:00', null],
      ['drink water', '2026-11-24T15:00', null],
    ]);
    expect(all("j'ai besoin d'un rappel tous les jours à 8h et à 20h pour prendre mes cachets", 'fr')).toEqual([
      ['prendre mes cachets', '2026-11-24T08:00', 'FREQ=DAILY'],
      ['prendre mes cachets', '2026-11-23T20:00', 'FREQ=DAILY'],
    ]);
    expect(all('il me faut un rappel lundi à 10h et à 15h pour relancer le client', 'fr').map((r) => r[0])).toEqual(['relancer le client', 'relancer le client']);
    expect(all('je souhaiterais un rappel demain à 9h et à 15h pour appeler le notaire', 'fr').map((r) => r[0])).toEqual(['appeler le notaire', 'appeler le notaire']);
    // Without an action anywhere, "i" is no subject.
    expect(one('i need a reminder', 'en')[0]).toBe('');
  });

  it('leaves "again", "once more", "as well", "encore", "de nouveau", "aussi" out of the subject of several times', () => {
    expect(all('remind me at 9am and once more at 5pm to water the tomatoes', 'en')).toEqual([
      ['water the tomatoes', '2026-11-24T09:00', null],
      ['water the tomatoes', '2026-11-23T17:00', null],
    ]);
    expect(all('remind me at 7am and then again at 7pm to feed the dog', 'en').map((r) => r[0])).toEqual(['feed the dog', 'feed the dog']);
    expect(all('remind me to call mum at 8am and again at 2pm', 'en').map((r) => r[0])).toEqual(['call mum', 'call mum']);
    expect(all('remind me at 10am to stretch and at 4pm as well', 'en').map((r) => r[0])).toEqual(['stretch', 'stretch']);
    expect(all('rappelle-moi à 8h et encore à 14h de relancer la facture', 'fr').map((r) => r[0])).toEqual(['relancer la facture', 'relancer la facture']);
    expect(all("rappelle-moi à 9h puis de nouveau à 18h d'arroser les tomates", 'fr').map((r) => r[0])).toEqual(['arroser les tomates', 'arroser les tomates']);
    expect(all("rappelle-moi demain à 8h d'appeler le garage et à 17h aussi", 'fr')).toEqual([
      ['appeler le garage', '2026-11-24T08:00', null],
      ['appeler le garage', '2026-11-24T17:00', null],
    ]);
  });

  it('reads "every month on the first monday" / "chaque mois le premier lundi" as a weekday of the month', () => {
    expect(one('remind me every month on the last friday to send the report', 'en')).toEqual(['send the report', '2026-11-27T09:00', 'FREQ=MONTHLY;BYDAY=-1FR']);
    expect(one('every month on the second tuesday remind me to pay the gardener', 'en')).toEqual(['pay the gardener', '2026-12-08T09:00', 'FREQ=MONTHLY;BYDAY=2TU']);
    expect(one('each month on the 3rd wednesday book club', 'en')[2]).toBe('FREQ=MONTHLY;BYDAY=3WE');
    expect(one('rappelle-moi chaque mois le premier lundi de vérifier le détecteur', 'fr')).toEqual(['vérifier le détecteur', '2026-12-07T09:00', 'FREQ=MONTHLY;BYDAY=1MO']);
    expect(one('rappelle-moi tous les mois le dernier vendredi de payer la cantine', 'fr')).toEqual(['payer la cantine', '2026-11-27T09:00', 'FREQ=MONTHLY;BYDAY=-1FR']);
    expect(one('tous les mois, le deuxième mardi, réunion du syndic', 'fr')).toEqual(['réunion du syndic', '2026-12-08T09:00', 'FREQ=MONTHLY;BYDAY=2TU']);
    // Days of the month and "every second tuesday" keep their readings.
    expect(one('remind me every month on the 10th and the 25th to pay the workers', 'en')[2]).toBe('FREQ=MONTHLY;BYMONTHDAY=10,25');
    expect(one('remind me every second tuesday to water the ficus', 'en')[2]).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU');
  });

  it('makes "le <jour>" a habit when a daily or weekly habit is said beside it, before or after', () => {
    expect(all('rappelle-moi de sortir le bac bleu chaque lundi soir et de le rentrer le mardi à 8h', 'fr')).toEqual([
      ['sortir le bac bleu', '2026-11-23T20:00', 'FREQ=WEEKLY;BYDAY=MO'],
      ['le rentrer', '2026-11-24T08:00', 'FREQ=WEEKLY;BYDAY=TU'],
    ]);
    expect(all('rappelle-moi tous les jours à 8h de prendre mes cachets et le dimanche de préparer le pilulier', 'fr')[1]).toEqual([
      'préparer le pilulier',
      '2026-11-29T09:00',
      'FREQ=WEEKLY;BYDAY=SU',
    ]);
    expect(all('rappelle-moi le jeudi matin de rentrer la poubelle et tous les mercredis soir de la sortir', 'fr')[0]).toEqual([
      'rentrer la poubelle',
      '2026-11-26T09:00',
      'FREQ=WEEKLY;BYDAY=TH',
    ]);
    expect(all('remind me every monday at 7pm to put the recycling out and on tuesdays at 8am to bring it back', 'en')[1]).toEqual([
      'bring it back',
      '2026-11-24T08:00',
      'FREQ=WEEKLY;BYDAY=TU',
    ]);
    // Alone, or with a date of the month, "le jeudi" is one day (rule 4).
    expect(one('rappelle-moi le jeudi matin de rentrer la poubelle', 'fr')).toEqual(['rentrer la poubelle', '2026-11-26T09:00', null]);
    expect(all("rappelle-moi tous les lundis de payer la femme de ménage et le jeudi 3 décembre d'appeler le notaire", 'fr')[1][2]).toBeNull();
    expect(all('remind me every monday at 7pm to put the recycling out and on tuesday at 8am to call the dentist', 'en')[1][2]).toBeNull();
  });
});

describe('classes found by heldout-v2g (its own sentences are not used here)', () => {
  it('reads a range of weekdays, in any words and across Sunday, as a weekly habit on each day', () => {
    expect(one("rappelle-moi du mardi au samedi à 9h d'ouvrir la boutique", 'fr')).toEqual(['ouvrir la boutique', '2026-11-24T09:00', 'FREQ=WEEKLY;BYDAY=TU,WE,TH,FR,SA']);
    expect(one('rappelle-moi de lundi à jeudi à 8h de prendre le bus', 'fr')).toEqual(['prendre le bus', '2026-11-24T08:00', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH']);
    expect(one("rappelle moi lundi au jeudi à 18h d'aller courir", 'fr')).toEqual(['aller courir', '2026-11-23T18:00', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH']);
    expect(one('rappelle-moi du vendredi au lundi à 20h de nourrir les poules', 'fr')).toEqual(['nourrir les poules', '2026-11-23T20:00', 'FREQ=WEEKLY;BYDAY=MO,FR,SA,SU']);
    expect(one('lun-jeu à 7h rappelle-moi de réveiller Léo', 'fr')).toEqual(['réveiller Léo', '2026-11-24T07:00', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH']);
    expect(one('remind me from sunday to thursday at 7am to wake the kids', 'en')).toEqual(['wake the kids', '2026-11-24T07:00', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,SU']);
    expect(one('remind me tuesday through saturday at 9 to open the shop', 'en')).toEqual(['open the shop', '2026-11-24T09:00', 'FREQ=WEEKLY;BYDAY=TU,WE,TH,FR,SA']);
    expect(one('remind me wed-fri at 8am to catch the early train', 'en')).toEqual(['catch the early train', '2026-11-25T08:00', 'FREQ=WEEKLY;BYDAY=WE,TH,FR']);
    expect(one('remind me monday thru thursday at 6pm to go running', 'en')).toEqual(['go running', '2026-11-23T18:00', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH']);
    // Rule 13's own range still reads.
    expect(one('rappelle-moi du lundi au vendredi à 7h de partir', 'fr')[2]).toBe('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR');
    // Moving a thing from one day to another is no habit.
    expect(one('remind me to move the meeting from monday to friday', 'en')[2]).toBeNull();
    expect(one('rappelle-moi de décaler la réunion de lundi à vendredi', 'fr')[2]).toBeNull();
  });

  it('leaves the article of "on a thursday" / "un jeudi" said with a repetition out of the subject', () => {
    expect(one('remind me every other week on a friday to pay the cleaner', 'en')).toEqual(['pay the cleaner', '2026-11-27T09:00', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=FR']);
    expect(one('remind me on a monday every week to water the plants', 'en')).toEqual(['water the plants', '2026-11-30T09:00', 'FREQ=WEEKLY;BYDAY=MO']);
    expect(one('rappelle-moi toutes les deux semaines un mercredi de sortir le verre', 'fr')).toEqual(['sortir le verre', '2026-11-25T09:00', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=WE']);
    // "un lundi sur deux" keeps its reading.
    expect(one('rappelle-moi un lundi sur deux de tondre', 'fr')[2]).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO');
  });

  it('reads an end with every date form after "until / till / til / through / up to (and including)" and "jusqu\'au / jusqu\'à"', () => {
    const daily = (text: string, language: Language) => one(text, language)[2];
    expect(one('remind me every day at 9pm until the 12th of march to take the drops', 'en')).toEqual(['take the drops', '2026-11-23T21:00', 'FREQ=DAILY;UNTIL=20270312T225959Z']);
    expect(daily('remind me every day at 8am till the 10th to stretch', 'en')).toBe('FREQ=DAILY;UNTIL=20261210T225959Z');
    expect(daily('remind me every day at 8am til next friday to stretch', 'en')).toBe('FREQ=DAILY;UNTIL=20261127T225959Z');
    expect(daily('remind me every day at 8am until christmas to open the calendar', 'en')).toBe('FREQ=DAILY;UNTIL=20261225T225959Z');
    expect(daily('remind me every day at 8am through march 12 to stretch', 'en')).toBe('FREQ=DAILY;UNTIL=20270312T225959Z');
    expect(daily('remind me every day at 8am until the end of january to stretch', 'en')).toBe('FREQ=DAILY;UNTIL=20270131T225959Z');
    expect(one('remind me every day at 8am up to and including the 12th of march to stretch', 'en')).toEqual(['stretch', '2026-11-24T08:00', 'FREQ=DAILY;UNTIL=20270312T225959Z']);
    expect(one('remind me every day at 8am until and including 12 march to stretch', 'en')[0]).toBe('stretch');
    expect(one('remind me to stretch every morning up to march 12 inclusive', 'en')).toEqual(['stretch', '2026-11-24T09:00', 'FREQ=DAILY;UNTIL=20270312T225959Z']);
    expect(one("rappelle-moi tous les jours à 8h jusqu'au 12 de mettre les gouttes", 'fr')).toEqual(['mettre les gouttes', '2026-11-24T08:00', 'FREQ=DAILY;UNTIL=20261212T225959Z']);
    expect(daily("rappelle-moi tous les jours à 8h jusqu'à Noël d'ouvrir le calendrier", 'fr')).toBe('FREQ=DAILY;UNTIL=20261225T225959Z');
    expect(daily("rappelle-moi tous les soirs jusqu'à vendredi prochain de fermer les volets", 'fr')).toBe('FREQ=DAILY;UNTIL=20261127T225959Z');
    expect(daily("rappelle-moi chaque matin jusqu'à fin janvier de m'étirer", 'fr')).toBe('FREQ=DAILY;UNTIL=20270131T225959Z');
    expect(one("rappelle-moi de m'étirer tous les jours jusqu'au 12 mars inclus", 'fr')).toEqual(["m'étirer", '2026-11-24T09:00', 'FREQ=DAILY;UNTIL=20270312T225959Z']);
    // Beside no repetition the words stay what they were.
    expect(one('remind me to wait until the 12th to pay', 'en')[2]).toBeNull();
  });
});

describe('repetitions swept with probe sentences (after heldout-v2g)', () => {
  it('reads "every third week", "every 4th month" like their numbers', () => {
    expect(one('remind me every third week on monday to order coffee beans', 'en')).toEqual(['order coffee beans', '2026-11-30T09:00', 'FREQ=WEEKLY;INTERVAL=3;BYDAY=MO']);
    expect(one('remind me every 4th month to descale the kettle', 'en')[2]).toBe('FREQ=MONTHLY;INTERVAL=4');
  });

  it('reads "every quarter", "quarterly", "tous les trimestres" as every three months; "my quarterly taxes" stays a name', () => {
    expect(one('remind me every quarter to send the newsletter', 'en')).toEqual(['send the newsletter', '2026-11-24T09:00', 'FREQ=MONTHLY;INTERVAL=3']);
    expect(one('remind me quarterly on the 1st to file the vat', 'en')).toEqual(['file the vat', '2026-12-01T09:00', 'FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=1']);
    expect(one('rappelle-moi chaque trimestre de relever le compteur', 'fr')).toEqual(['relever le compteur', '2026-11-24T09:00', 'FREQ=MONTHLY;INTERVAL=3']);
    expect(one('remind me on april 30 to pay my quarterly bill', 'en')).toEqual(['pay my quarterly bill', '2027-04-30T09:00', null]);
  });

  it('reads "chaque premier lundi", "tous les derniers vendredis" without "du mois" as a weekday of the month', () => {
    expect(one('rappelle-moi chaque premier lundi de faire le bilan', 'fr')).toEqual(['faire le bilan', '2026-12-07T09:00', 'FREQ=MONTHLY;BYDAY=1MO']);
    expect(one('rappelle-moi tous les derniers vendredis de vider le frigo', 'fr')).toEqual(['vider le frigo', '2026-11-27T09:00', 'FREQ=MONTHLY;BYDAY=-1FR']);
    expect(one('rappelle-moi chaque second mardi de sortir le carton', 'fr')[2]).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU');
  });

  it('reads "les jours ouvrables" / "les jours de travail" as weekdays', () => {
    expect(one('rappelle-moi les jours ouvrables à 7h de pointer', 'fr')).toEqual(['pointer', '2026-11-24T07:00', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR']);
  });

  it('reads misspelt repetition words: "evry", "everyday", "dialy", "tout les", "chaques"', () => {
    expect(one('evry day at 8am remind me to walk the dog', 'en')).toEqual(['walk the dog', '2026-11-24T08:00', 'FREQ=DAILY']);
    expect(one('remind me everyday at 7pm to water the basil', 'en')).toEqual(['water the basil', '2026-11-23T19:00', 'FREQ=DAILY']);
    expect(one('remind me dialy at 9pm to floss', 'en')[2]).toBe('FREQ=DAILY');
    expect(one("rappelle-moi tout les jours à 8h d'arroser le basilic", 'fr')).toEqual(['arroser le basilic', '2026-11-24T08:00', 'FREQ=DAILY']);
    expect(one('rappelle-moi chaques jeudi de sortir le bac', 'fr')).toEqual(['sortir le bac', '2026-11-26T09:00', 'FREQ=WEEKLY;BYDAY=TH']);
    // The words stay where they are no repetition.
    expect(one('remind me to pack my everyday bag tomorrow', 'en')).toEqual(['pack my everyday bag', '2026-11-24T09:00', null]);
    expect(one('rappelle-moi demain de remercier tout le monde', 'fr')).toEqual(['remercier tout le monde', '2026-11-24T09:00', null]);
  });
});


describe('repetitions found by heldout-v2h (none of its sentences)', () => {
  it('reads hours and minutes glued to the number of an interval: "toutes les 3h", "ttes les 2h", "every 3h", "every 2hrs", "every 45mins"', () => {
    expect(one('toutes les 3h rappelle-moi de tourner le rôti', 'fr')).toEqual(['tourner le rôti', '2026-11-23T13:00', 'FREQ=HOURLY;INTERVAL=3']);
    expect(one("rappelle-moi ttes les 2h de boire de l'eau", 'fr')).toEqual(["boire de l'eau", '2026-11-23T12:00', 'FREQ=HOURLY;INTERVAL=2']);
    expect(one('rappelle-moi toutes les 20min de remuer la sauce', 'fr')).toEqual(['remuer la sauce', '2026-11-23T10:20', 'FREQ=MINUTELY;INTERVAL=20']);
    expect(one('every 3h remind me to feed the puppy', 'en')).toEqual(['feed the puppy', '2026-11-23T13:00', 'FREQ=HOURLY;INTERVAL=3']);
    expect(one('remind me every 2hrs to rotate the tyres on the trolley', 'en')).toEqual(['rotate the tyres on the trolley', '2026-11-23T12:00', 'FREQ=HOURLY;INTERVAL=2']);
    expect(one('remind me every 45mins to stand up', 'en')).toEqual(['stand up', '2026-11-23T10:45', 'FREQ=MINUTELY;INTERVAL=45']);
    // A clock time stays one: "à 4h" is no interval.
    expect(one('rappelle-moi demain à 4h de partir', 'fr')).toEqual(['partir', '2026-11-24T04:00', null]);
  });

  it('reads the texting short forms "tt", "ts", "tte", "ttes" before "les" as tous / toutes', () => {
    expect(one('tt les soirs à 22h rappelle moi de fermer le portail', 'fr')).toEqual(['fermer le portail', '2026-11-23T22:00', 'FREQ=DAILY']);
    expect(one('rappelle moi ts les jeudis de payer la nounou', 'fr')).toEqual(['payer la nounou', '2026-11-26T09:00', 'FREQ=WEEKLY;BYDAY=TH']);
    expect(one("rappelle moi tte les 4h d'aérer la chambre", 'fr')).toEqual(["aérer la chambre", '2026-11-23T14:00', 'FREQ=HOURLY;INTERVAL=4']);
    // Elsewhere the letters stay in the subject.
    expect(one('rappelle moi demain de demander à tt le monde', 'fr')).toEqual(['demander à tt le monde', '2026-11-24T09:00', null]);
  });

  it('reads any word that joins listed weekdays with "le": "le mardi pis le vendredi", "le lundi ainsi que le jeudi"', () => {
    expect(one("rappelle-moi toutes les semaines le mardi pis le vendredi d'arroser les plantes", 'fr')).toEqual(['arroser les plantes', '2026-11-24T09:00', 'FREQ=WEEKLY;BYDAY=TU,FR']);
    expect(one('rappelle-moi chaque semaine le lundi ainsi que le jeudi de faire le lavage', 'fr')).toEqual(['faire le lavage', '2026-11-26T09:00', 'FREQ=WEEKLY;BYDAY=MO,TH']);
  });

  it('reads "every 10th and 25th" (days of the month without "of the month") as one monthly rule', () => {
    expect(one('remind me every 10th and 25th to check the meter', 'en')).toEqual(['check the meter', '2026-11-25T09:00', 'FREQ=MONTHLY;BYMONTHDAY=10,25']);
    expect(one('remind me every 1st, 10th and 20th to back up the laptop', 'en')).toEqual(['back up the laptop', '2026-12-01T09:00', 'FREQ=MONTHLY;BYMONTHDAY=1,10,20']);
    // A month after the day keeps it a yearly date.
    expect(one('remind me every 4th of july to hang the flag', 'en')).toEqual(['hang the flag', '2027-07-04T09:00', 'FREQ=YEARLY;BYMONTH=7;BYMONTHDAY=4']);
  });

  it('reads "le <jour> c\'est …" said first as a weekly habit, its "c\'est" clause no subject', () => {
    expect(one("le jeudi c'est les poubelles rappelle moi à 19h de sortir le bac", 'fr')).toEqual(['sortir le bac', '2026-11-26T19:00', 'FREQ=WEEKLY;BYDAY=TH']);
    expect(one("le vendredi, c'est piscine, rappelle-moi à 16h de préparer le maillot", 'fr')).toEqual(['préparer le maillot', '2026-11-27T16:00', 'FREQ=WEEKLY;BYDAY=FR']);
    expect(one("le lundi soir c'est le recyclage, rappelle-moi de sortir le bac bleu", 'fr')).toEqual(['sortir le bac bleu', '2026-11-23T20:00', 'FREQ=WEEKLY;BYDAY=MO']);
    expect(one("rappelle-moi à 17h de préparer le sac de sport, le mercredi c'est hand", 'fr')).toEqual(['préparer le sac de sport', '2026-11-25T17:00', 'FREQ=WEEKLY;BYDAY=WE']);
    // Without "c'est", "le mardi" alone stays one day (rule 4).
    expect(one('le mardi rappelle-moi de sortir le bac', 'fr')).toEqual(['sortir le bac', '2026-11-24T09:00', null]);
  });

  it('reads a repetition said last, after a comma or "c\'est" / "that\'s", as the habit of the date said before it', () => {
    expect(one("rappelle-moi le dernier vendredi du mois de payer la femme de ménage, c'est tous les mois", 'fr')).toEqual(['payer la femme de ménage', '2026-11-27T09:00', 'FREQ=MONTHLY;BYDAY=-1FR']);
    expect(one('rappelle moi le dernier jour du mois de faire les comptes, tous les mois', 'fr')).toEqual(['faire les comptes', '2026-11-30T09:00', 'FREQ=MONTHLY;BYMONTHDAY=-1']);
    expect(one("rappelle-moi le premier mardi du mois d'appeler le syndic, chaque mois", 'fr')).toEqual(['appeler le syndic', '2026-12-01T09:00', 'FREQ=MONTHLY;BYDAY=1TU']);
    expect(one('rappelle moi le premier jeudi du mois de payer la garderie, à chaque mois', 'fr')).toEqual(['payer la garderie', '2026-12-03T09:00', 'FREQ=MONTHLY;BYDAY=1TH']);
    expect(one("rappelle-moi demain à 9h de prendre mon cachet, tous les jours", 'fr')).toEqual(['prendre mon cachet', '2026-11-24T09:00', 'FREQ=DAILY']);
    expect(one('remind me on the first monday of the month to test the alarm, that\'s every month', 'en')).toEqual(['test the alarm', '2026-12-07T09:00', 'FREQ=MONTHLY;BYDAY=1MO']);
    expect(one('remind me on the 1st of the month to pay rent, every month', 'en')).toEqual(['pay rent', '2026-12-01T09:00', 'FREQ=MONTHLY;BYMONTHDAY=1']);
    expect(one('remind me on the last friday of the month to pay the cleaner, every month', 'en')).toEqual(['pay the cleaner', '2026-11-27T09:00', 'FREQ=MONTHLY;BYDAY=-1FR']);
    expect(one('remind me tomorrow at 9 to take my pill, every day', 'en')).toEqual(['take my pill', '2026-11-24T09:00', 'FREQ=DAILY']);
    // One repetition for several times said before it.
    expect(all('rappelle-moi à 8h et à 20h de prendre mon cachet, tous les jours', 'fr')).toEqual([
      ['prendre mon cachet', '2026-11-24T08:00', 'FREQ=DAILY'],
      ['prendre mon cachet', '2026-11-23T20:00', 'FREQ=DAILY'],
    ]);
    // Without it the date stays one day.
    expect(one('remind me on the last friday of the month to pay the cleaner', 'en')).toEqual(['pay the cleaner', '2026-11-27T09:00', null]);
    expect(one('rappelle-moi le dernier vendredi du mois de payer la femme de ménage', 'fr')).toEqual(['payer la femme de ménage', '2026-11-27T09:00', null]);
  });

  it('reads a meal said after a repetition as its time: "au dîner" (noon in Quebec, the evening in France), "au souper", "at dinner"', () => {
    const inMontreal = (text: string) => {
      const r = understand(text, { now: '2026-11-23T10:00:00-05:00', timezone: 'America/Montreal', language: 'fr' });
      return [r.subject, 'dueLocal' in r ? r.dueLocal : null, r.rrule ?? null];
    };
    expect(inMontreal("rappelle moi tous les dimanches au dîner d'appeler ma tante")).toEqual(['appeler ma tante', '2026-11-29T12:00', 'FREQ=WEEKLY;BYDAY=SU']);
    expect(inMontreal('rappelle moi chaque jour au souper de prendre mes pilules')).toEqual(['prendre mes pilules', '2026-11-23T20:00', 'FREQ=DAILY']);
    expect(one("rappelle moi tous les dimanches au dîner d'appeler ma tante", 'fr')).toEqual(['appeler ma tante', '2026-11-29T20:00', 'FREQ=WEEKLY;BYDAY=SU']);
    expect(one('remind me every sunday at dinner to call grandma', 'en')).toEqual(['call grandma', '2026-11-29T20:00', 'FREQ=WEEKLY;BYDAY=SU']);
    expect(one('remind me every day at suppertime to take the tablets', 'en')).toEqual(['take the tablets', '2026-11-23T20:00', 'FREQ=DAILY']);
    expect(one('remind me every saturday at lunch to call dad', 'en')).toEqual(['call dad', '2026-11-28T12:00', 'FREQ=WEEKLY;BYDAY=SA']);
    // Inside the subject the meal stays a word of it.
    expect(one('remind me to talk about the budget at dinner tomorrow', 'en')).toEqual(['talk about the budget at dinner', '2026-11-24T09:00', null]);
    expect(one("rappelle-moi d'inviter Paul au dîner demain", 'fr')).toEqual(['inviter Paul au dîner', '2026-11-24T09:00', null]);
  });

  it('reads Australian "every arvo" as a daily habit in the afternoon (15:00, or the hour said)', () => {
    expect(one('remind me every arvo to water the veggies', 'en')).toEqual(['water the veggies', '2026-11-23T15:00', 'FREQ=DAILY']);
    expect(one('every arvo at 4 remind me to walk the dog', 'en')).toEqual(['walk the dog', '2026-11-23T16:00', 'FREQ=DAILY']);
  });
});

describe('repetitions found by heldout-v2i (none of its sentences)', () => {
  it('starts an hourly or minutely repetition at the day and time said for its start, not a step after now', () => {
    expect(one("toutes les 3 heures à partir de demain 7h rappelle-moi de donner l'antibiotique au chat", 'fr')).toEqual(["donner l'antibiotique au chat", '2026-11-24T07:00', 'FREQ=HOURLY;INTERVAL=3']);
    expect(one('remind me every 4 hours starting wednesday at 6am to check the dressing', 'en')).toEqual(['check the dressing', '2026-11-25T06:00', 'FREQ=HOURLY;INTERVAL=4']);
    expect(one('every 30 minutes from tomorrow 2pm remind me to stretch', 'en')).toEqual(['stretch', '2026-11-24T14:00', 'FREQ=MINUTELY;INTERVAL=30']);
    // A start without a time is at 09:00 (rule 14); a start today keeps the grid from now.
    expect(one('rappelle-moi toutes les 2 heures à partir de demain de boire un verre', 'fr')).toEqual(['boire un verre', '2026-11-24T09:00', 'FREQ=HOURLY;INTERVAL=2']);
    expect(one('remind me every 2 hours starting at 2pm to drink water', 'en')).toEqual(['drink water', '2026-11-23T14:00', 'FREQ=HOURLY;INTERVAL=2']);
  });

  it('reads "tous les premiers du mois" (plural) as the 1st of every month', () => {
    expect(one('rappelle-moi tous les premiers du mois de payer le loyer', 'fr')).toEqual(['payer le loyer', '2026-12-01T09:00', 'FREQ=MONTHLY;BYMONTHDAY=1']);
    expect(one('tous les 1ers du mois à 8h relevé de compteur', 'fr')).toEqual(['relevé de compteur', '2026-12-01T08:00', 'FREQ=MONTHLY;BYMONTHDAY=1']);
    expect(one('rappelle moi tous les derniers jours du mois de faire la compta', 'fr')).toEqual(['faire la compta', '2026-11-30T09:00', 'FREQ=MONTHLY;BYMONTHDAY=-1']);
  });

  it('drops a clause said as context before a request that has a subject of its own', () => {
    expect(one('on thursdays the recycling gets collected so remind me at 8pm to put the crates out', 'en')).toEqual(['put the crates out', '2026-11-26T20:00', 'FREQ=WEEKLY;BYDAY=TH']);
    expect(one('the gym opens at 6 on saturdays, remind me every saturday at 5:30 to pack my bag', 'en')).toEqual(['pack my bag', '2026-11-28T05:30', 'FREQ=WEEKLY;BYDAY=SA']);
    // Its day carries to the request; a clause that asks for nothing of its own is no reminder.
    expect(all('on saturdays the gym opens at 6, remind me at 5:30 to pack my bag', 'en')).toEqual([['pack my bag', '2026-11-28T05:30', 'FREQ=WEEKLY;BYDAY=SA']]);
    expect(all('buy milk tomorrow at 9 and remind me at 5pm to call mum', 'en')).toEqual([['buy milk', '2026-11-24T09:00', null], ['call mum', '2026-11-24T17:00', null]]);
    expect(one("my sister's flight lands friday. remind me at 4pm to leave for the airport", 'en')).toEqual(['leave for the airport', '2026-11-27T16:00', null]);
    expect(one('la cantine est fermée le lendemain donc rappelle-moi tous les jeudis soir de préparer le panier repas', 'fr')).toEqual(['préparer le panier repas', '2026-11-26T20:00', 'FREQ=WEEKLY;BYDAY=TH']);
    expect(one("la réunion commence à 14h, rappelle-moi demain à 13h30 d'imprimer les slides", 'fr')).toEqual(["imprimer les slides", '2026-11-24T13:30', null]);
    // Words before the request that are its wording stay ("call the plumber and remind me…" is a
    // joined request; "the milk, remind me to buy it" has no verb of its own before the request).
    expect(one('remind me tomorrow to call the plumber', 'en')).toEqual(['call the plumber', '2026-11-24T09:00', null]);
  });
});

describe('classes found by heldout-v2j and heldout-v2k (none of their sentences)', () => {
  it('drops any context said before a request with a subject of its own: a clause ended by a comma, a colon, "so", "alors", "donc", or opened by "now that" / "vu que"', () => {
    expect(one("je rentre tard ce soir, rappelle-moi demain à 8h d'appeler la crèche", 'fr')).toEqual(["appeler la crèche", '2026-11-24T08:00', null]);
    expect(one("y a grève des bus alors rappelle moi tous les matins à 6h30 de prendre le vélo", 'fr')).toEqual(['prendre le vélo', '2026-11-24T06:30', 'FREQ=DAILY']);
    expect(one("vu que le chauffagiste passe bientôt rappelle-moi mercredi soir de ranger la cave", 'fr')).toEqual(['ranger la cave', '2026-11-25T20:00', null]);
    expect(one("quick favour: tomorrow at noon remind me to book the vet", 'en')).toEqual(['book the vet', '2026-11-24T12:00', null]);
    expect(one("sorry for the spam lol so remind me every evening to log my hours", 'en')).toEqual(['log my hours', '2026-11-23T20:00', 'FREQ=DAILY']);
    expect(one("now that the clocks changed remind me every day at 5pm to close the shutters", 'en')).toEqual(['close the shutters', '2026-11-23T17:00', 'FREQ=DAILY']);
    // A request whose object only points back keeps what was said before it.
    expect(one("faut arroser le ficus, rappelle moi ça samedi", 'fr')).toEqual(['arroser le ficus', '2026-11-28T09:00', null]);
  });

  it('reads regional requests and an addressee after a request said last', () => {
    expect(one('gie me a shout on friday to phone the landlord', 'en')).toEqual(['phone the landlord', '2026-11-27T09:00', null]);
    expect(one('remind mi tomorrow fi collect di parcel', 'en')).toEqual(['collect di parcel', '2026-11-24T09:00', null]);
    expect(one('bins out every tuesday at 7pm, remind me bro', 'en')).toEqual(['bins out', '2026-11-24T19:00', 'FREQ=WEEKLY;BYDAY=TU']);
    expect(one('remind me tomorrow to call my mate', 'en')).toEqual(['call my mate', '2026-11-24T09:00', null]);
  });

  it('reads "la soirée" / "la matinée" followed by what it is as an event, not a time of day', () => {
    expect(one('rappelle-moi la soirée jeux chez Léa vendredi à 20h', 'fr')).toEqual(['la soirée jeux chez Léa', '2026-11-27T20:00', null]);
    expect(one('rappelle-moi demain la matinée portes ouvertes du lycée à 8h', 'fr')[0]).toBe('la matinée portes ouvertes du lycée');
    expect(one('rappelle-moi de sortir le chien dans la soirée', 'fr')).toEqual(['sortir le chien', '2026-11-23T20:00', null]);
  });

  it('reads the texting form "tlj" as tous les jours', () => {
    expect(one('vitamine D tlj 8h', 'fr')).toEqual(['vitamine D', '2026-11-24T08:00', 'FREQ=DAILY']);
  });

  it('reads several ordinals of one weekday in a month as one monthly rule', () => {
    expect(one('remind me every 1st and 3rd wednesday of the month to run the payroll', 'en')).toEqual(['run the payroll', '2026-12-02T09:00', 'FREQ=MONTHLY;BYDAY=1WE,3WE']);
    expect(one('rappelle-moi le deuxième et le dernier vendredi du mois de faire la paie', 'fr')).toEqual(['faire la paie', '2026-11-27T09:00', 'FREQ=MONTHLY;BYDAY=2FR,-1FR']);
    // One ordinal keeps its readings: "every second tuesday" is every other week.
    expect(one('remind me every second tuesday to water the orchids', 'en')).toEqual(['water the orchids', '2026-11-24T09:00', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU']);
  });
});

describe('several reminders found by heldout-v2j (none of its sentences)', () => {
  it('makes each day said beside a repetition with an action of its own a reminder of its own', () => {
    expect(all("tous les mois le 5 rappelle-moi de payer l'assurance et le 25 de virer l'épargne", 'fr')).toEqual([
      ["payer l'assurance", '2026-12-05T09:00', 'FREQ=MONTHLY;BYMONTHDAY=5'],
      ["virer l'épargne", '2026-11-25T09:00', 'FREQ=MONTHLY;BYMONTHDAY=25'],
    ]);
    expect(all('every week on tuesday remind me to call the bank and on friday to back up the laptop', 'en')).toEqual([
      ['call the bank', '2026-11-24T09:00', 'FREQ=WEEKLY;BYDAY=TU'],
      ['back up the laptop', '2026-11-27T09:00', 'FREQ=WEEKLY;BYDAY=FR'],
    ]);
    // One action for several days stays one rule.
    expect(all('remind me every month on the 1st and 15th to pay the card', 'en')).toEqual([['pay the card', '2026-12-01T09:00', 'FREQ=MONTHLY;BYMONTHDAY=1,15']]);
  });

  it('reads a part followed by ", so … remind me" as context: no reminder, its day carries', () => {
    expect(all('the plumber comes tomorrow at 9, so remind me at 8 to move the car and at 10 to pay him', 'en')).toEqual([
      ['move the car', '2026-11-24T08:00', null],
      ['pay him', '2026-11-24T10:00', null],
    ]);
    expect(all('mes parents arrivent samedi à midi, alors rappelle-moi à 10h de faire les courses', 'fr')).toEqual([['faire les courses', '2026-11-28T10:00', null]]);
  });
});

describe('context found by heldout-v2l and heldout-v2m (none of their sentences)', () => {
  it('reads context ended by an emoji, said without its apostrophe, as a participle, or after the subject behind a courtesy', () => {
    expect(one('le chantier a encore pris du retard 🙄 rappelle-moi vendredi de rappeler le maçon', 'fr')).toEqual(['rappeler le maçon', '2026-11-27T09:00', null]);
    expect(one('its getting cold remind me tomorrow to bleed the radiators', 'en')).toEqual(['bleed the radiators', '2026-11-24T09:00', null]);
    expect(one('heading to lagos on friday, remind me thursday to pack the chargers', 'en')).toEqual(['pack the chargers', '2026-11-26T09:00', null]);
    expect(one("rappelle moi tous les soirs de fermer les volets stp il fait froid", 'fr')).toEqual(['fermer les volets', '2026-11-23T20:00', 'FREQ=DAILY']);
    expect(one("remind me tomorrow to call mum, it's her birthday", 'en')).toEqual(['call mum', '2026-11-24T09:00', null]);
    // A noun in -ing at the start stays the subject's.
    expect(one('meeting notes remind me tomorrow', 'en')).toEqual(['meeting notes', '2026-11-24T09:00', null]);
  });

  it('reads Trinidadian "doh let me forget" and keeps "till" as a word when no date follows it', () => {
    expect(one('doh let me forget to renew the car insurance tomorrow', 'en')).toEqual(['renew the car insurance', '2026-11-24T09:00', null]);
    expect(one('remind me every saturday at 6pm to cash up the till', 'en')).toEqual(['cash up the till', '2026-11-28T18:00', 'FREQ=WEEKLY;BYDAY=SA']);
    expect(one('remind me every day till friday to water the seedlings', 'en')).toEqual(['water the seedlings', '2026-11-24T09:00', 'FREQ=DAILY;UNTIL=20261127T225959Z']);
  });
});

describe('context with a date of its own before "so … remind me" (found by heldout-v2m, none of its sentences)', () => {
  it('cuts at "so" / "alors" / "faque" before a request: the context is no reminder and its date does not move the request', () => {
    expect(all("le plombier passe ce soir alors demain à 8h rappelle-moi de couper l'eau", 'fr')).toEqual([["couper l'eau", '2026-11-24T08:00', null]]);
    expect(all("la neige tombe cette nuit faque demain matin rappelle moi de pelleter l'entrée", 'fr')).toEqual([["pelleter l'entrée", '2026-11-24T09:00', null]]);
    // A weekday said in the context starts a repetition after it that names no day of its own.
    expect(all('school starts wednesday so every weekday at 7.45am remind me to pack the lunches', 'en')).toEqual([['pack the lunches', '2026-11-25T07:45', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR']]);
    // "so" that says why, with no request after it, cuts nothing.
    expect(all('remind me at 5pm so i can call the bank before 6', 'en')).toHaveLength(1);
  });

  it('reads context then "so" and what to do, with no request verb, as the subject after "so"', () => {
    expect(one('the vet said twice a day so every day at 8am and 8pm give Milo his drops', 'en')[0]).toBe('give Milo his drops');
    expect(one("le médecin a dit toutes les 8 heures donc à partir de 14h prendre l'antibiotique toutes les 8 heures", 'fr')).toEqual(["prendre l'antibiotique", '2026-11-23T14:00', 'FREQ=HOURLY;INTERVAL=8']);
  });
});

describe('"so" that says why stays in the subject', () => {
  it('keeps "… so he can …" after a request, or with a subject of its own after "so"', () => {
    expect(one('remind me tomorrow to tell Paul the car is ready so he can pick it up', 'en')).toEqual(['tell Paul the car is ready so he can pick it up', '2026-11-24T09:00', null]);
    expect(one('the car is ready so we can pick it up tomorrow', 'en')[0]).toBe('the car is ready so we can pick it up');
  });
});

describe('context with a date of its own right before or after the request, in one message', () => {
  it('reads the request\'s own date when a clause said before it, with no stop, has another', () => {
    expect(all('vu que le ramoneur passe jeudi rappelle-moi mercredi soir de débarrasser la cheminée', 'fr')).toEqual([['débarrasser la cheminée', '2026-11-25T20:00', null]]);
    expect(all('since the movers come on saturday remind me friday at 6pm to tape the boxes', 'en')).toEqual([['tape the boxes', '2026-11-27T18:00', null]]);
    expect(all('comme on a le repas de noël vendredi à midi rappelle-moi jeudi de réserver le taxi', 'fr')).toEqual([['réserver le taxi', '2026-11-26T09:00', null]]);
    expect(all('my exam is on thursday at 9 remind me wednesday at 10pm to go to bed early', 'en')).toEqual([['go to bed early', '2026-11-25T22:00', null]]);
    expect(all('puisque la cantine est fermée le vendredi rappelle-moi tous les jeudis soir de préparer un pique-nique', 'fr')).toEqual([
      ['préparer un pique-nique', '2026-11-26T20:00', 'FREQ=WEEKLY;BYDAY=TH'],
    ]);
    // "tonight" says its own day: the context's "tomorrow" does not carry to it.
    expect(all('the landlord is coming tomorrow at noon remind me tonight at 10 to tidy the flat and tomorrow at 11 to open the windows', 'en')).toEqual([
      ['tidy the flat', '2026-11-23T22:00', null],
      ['open the windows', '2026-11-24T11:00', null],
    ]);
  });

  it('leaves out a clause opened after the request ("parce que", "car", "because", "since") with its date', () => {
    expect(all('rappelle-moi demain à 7h de sortir la voiture parce que les éboueurs passent vendredi', 'fr')).toEqual([['sortir la voiture', '2026-11-24T07:00', null]]);
    expect(all("rappelle-moi lundi à 9h d'appeler la mairie car le dossier doit partir mercredi", 'fr')).toEqual([["appeler la mairie", '2026-11-30T09:00', null]]);
    expect(all('remind me tonight at 9 to charge the camera because the wedding is on saturday', 'en')).toEqual([['charge the camera', '2026-11-23T21:00', null]]);
    expect(all('remind me every sunday at 8pm to iron the uniforms since school starts monday', 'en')).toEqual([['iron the uniforms', '2026-11-29T20:00', 'FREQ=WEEKLY;BYDAY=SU']]);
  });

  it('keeps a date said right before the request as the request\'s, and the context\'s day for a request that says none', () => {
    expect(all("bon faut que je pense à tout, demain à 10h rappelle-moi d'appeler le garage et vendredi à 9h de passer à la banque", 'fr')).toEqual([
      ["appeler le garage", '2026-11-24T10:00', null],
      ['passer à la banque', '2026-11-27T09:00', null],
    ]);
    expect(all('vu que le chauffagiste passe jeudi, rappelle-moi à 8h de dégager le couloir', 'fr')).toEqual([['dégager le couloir', '2026-11-26T08:00', null]]);
  });
});

describe('the request said last, with words after it (found by heldout-v2o, none of its sentences)', () => {
  it('takes what came before the request as the subject when what follows it is no action: a courtesy, a regional word, a remark', () => {
    expect(one("demain à 9h appeler le notaire rappelle moi wesh j'oublie tout", 'fr')).toEqual(['appeler le notaire', '2026-11-24T09:00', null]);
    expect(one('le 10 de chaque mois payer le loyer rappelle moi tout ça', 'fr')).toEqual(['payer le loyer', '2026-12-10T09:00', 'FREQ=MONTHLY;BYMONTHDAY=10']);
    expect(one('every friday at 5pm call grandma can you remind me cheers', 'en')).toEqual(['call grandma', '2026-11-27T17:00', 'FREQ=WEEKLY;BYDAY=FR']);
    expect(one('on the 1st of every month pay the school fees kindly remind me only', 'en')).toEqual(['pay the school fees', '2026-12-01T09:00', 'FREQ=MONTHLY;BYMONTHDAY=1']);
    expect(one('wednesday at 6pm book the plumber ping me i always forget', 'en')).toEqual(['book the plumber', '2026-11-25T18:00', null]);
    // A request that brings its own action keeps it.
    expect(one('rappelle moi demain appeler mamie', 'fr')[0]).toBe('appeler mamie');
    expect(one('remind me tomorrow about the loan', 'en')[0]).toBe('the loan');
  });

  it('reads more ways of asking said last: "tu me le rappelles-tu", "faut que tu me le rappelles", "tu vas me rappeler", "(n)oublie pas de me le dire"', () => {
    expect(one('tous les lundis à 8h sortir la poubelle jaune tu me le rappelles-tu', 'fr')).toEqual(['sortir la poubelle jaune', '2026-11-30T08:00', 'FREQ=WEEKLY;BYDAY=MO']);
    expect(one('vendredi à 14h rendez-vous chez le kiné faut que tu me le rappelles', 'fr')).toEqual(['rendez-vous chez le kiné', '2026-11-27T14:00', null]);
    expect(one('samedi à 11h marché avec mamie tu vas me rappeler', 'fr')).toEqual(['marché avec mamie', '2026-11-28T11:00', null]);
    expect(one('chaque soir à 21h prendre mes gouttes n oublie pas de me le rappeler', 'fr')).toEqual(['prendre mes gouttes', '2026-11-23T21:00', 'FREQ=DAILY']);
    expect(one('jeudi à 10h passer à la poste oublie pas de me dire', 'fr')).toEqual(['passer à la poste', '2026-11-26T10:00', null]);
  });

  it('leaves out a remark said between the action and the request, with or without "parce que" / "because"', () => {
    expect(one("demain à 7h sortir le chien parce qu'il a mal au ventre rappelle moi", 'fr')).toEqual(['sortir le chien', '2026-11-24T07:00', null]);
    expect(one('ce soir à 19h rentrer le linge il va pleuvoir fais moi penser', 'fr')).toEqual(['rentrer le linge', '2026-11-23T19:00', null]);
    expect(one('tous les jours à 8h mettre les gouttes le pédiatre a dit rappelle moi', 'fr')).toEqual(['mettre les gouttes', '2026-11-24T08:00', 'FREQ=DAILY']);
    expect(one('dans une heure couper le four sinon ça va brûler rappelle moi', 'fr')).toEqual(['couper le four', '2026-11-23T11:00', null]);
    expect(one('tomorrow at 8am call the garage because the car is making noises remind me', 'en')).toEqual(['call the garage', '2026-11-24T08:00', null]);
    expect(one("every day at 9pm take the pill or i'll forget again remind me", 'en')).toEqual(['take the pill', '2026-11-23T21:00', 'FREQ=DAILY']);
    // What the action is about stays: "si elle vient", "qu'il a gagné", "or rolls", "the doctor said yes".
    expect(one('rappelle-moi demain de demander à Julie si elle vient au ciné', 'fr')[0]).toBe('demander à Julie si elle vient au ciné');
    expect(one("rappelle-moi demain de dire à Paul qu'il a gagné", 'fr')[0]).toBe("dire à Paul qu'il a gagné");
    expect(one('remind me tomorrow to buy bread or rolls', 'en')[0]).toBe('buy bread or rolls');
    expect(one('remind me tomorrow to tell mum the doctor said yes', 'en')[0]).toBe('tell mum the doctor said yes');
  });

  it('leaves out context said before the action when the request comes last, after "donc" / "so" or before the date', () => {
    expect(one('le frigo fait un bruit bizarre donc demain à 10h appeler le réparateur rappelle moi', 'fr')).toEqual(['appeler le réparateur', '2026-11-24T10:00', null]);
    expect(one("il neige fort faque dans deux heures déneiger l'auto rappelle moi", 'fr')).toEqual(["déneiger l'auto", '2026-11-23T12:00', null]);
    expect(one('busy week so every evening at 7 go for a walk remind me', 'en')).toEqual(['go for a walk', '2026-11-23T19:00', 'FREQ=DAILY']);
    expect(one('my passport expires on 3 march book the photo booth remind me', 'en')[0]).toBe('book the photo booth');
    expect(one('le kiné a dit tous les matins à 7h faire mes étirements rappelle moi', 'fr')).toEqual(['faire mes étirements', '2026-11-24T07:00', 'FREQ=DAILY']);
    // Nothing after the date but the request: the clause is the subject.
    expect(one('the bins go out tomorrow remind me', 'en')[0]).toBe('the bins go out');
    // "so" that says why after a request stays.
    expect(one('remind me to tell Paul the car is ready so he can pick it up tomorrow', 'en')[0]).toBe('tell Paul the car is ready so he can pick it up');
  });

  it('reads "la semaine pro", "faque" / "yaani" as "so", an Arabizi greeting, and a possessive as no verb', () => {
    expect(one('renouveler la carte de bus la semaine pro rappelle moi', 'fr')).toEqual(['renouveler la carte de bus', '2026-11-30T09:00', null]);
    expect(one('le bac a changé de jour yaani rappelle moi tous les mardis soir de sortir le bac', 'fr')).toEqual(['sortir le bac', '2026-11-24T20:00', 'FREQ=WEEKLY;BYDAY=TU']);
    expect(one("3aslema rappelle moi demain d'appeler khalti", 'fr')).toEqual(['appeler khalti', '2026-11-24T09:00', null]);
    expect(all("tonight at 7 take the cake to sam's party and tomorrow at 10 call the bank remind me", 'en')).toEqual([
      ["take the cake to sam's party", '2026-11-23T19:00', null],
      ['call the bank', '2026-11-24T10:00', null],
    ]);
    // A weekday said in context starts nothing unless the context says a start.
    expect(one('the pool is closed on thursday now so remind me every wednesday at 6pm to swim', 'en')).toEqual(['swim', '2026-11-25T18:00', 'FREQ=WEEKLY;BYDAY=WE']);
  });
});

describe('whom a request said last is said to, in any words (found by heldout-v2p and heldout-v2q, none of their sentences)', () => {
  it('reads a short tail with no connector after a request that follows its subject as whom it is said to', () => {
    expect(one('sortir le chien tous les soirs à 22h rappelle-moi ma poule', 'fr')).toEqual(['sortir le chien', '2026-11-23T22:00', 'FREQ=DAILY']);
    expect(one('arroser les tomates demain matin rappelle-moi cousin', 'fr')).toEqual(['arroser les tomates', '2026-11-24T09:00', null]);
    expect(one('pay the gas bill on the 15th of every month, remind me ducky', 'en')).toEqual(['pay the gas bill', '2026-12-15T09:00', 'FREQ=MONTHLY;BYMONTHDAY=15']);
    expect(one('walk the dog every evening at 6 remind me would ya my darling', 'en')).toEqual(['walk the dog', '2026-11-23T18:00', 'FREQ=DAILY']);
    expect(one('call the vet tomorrow at 10 remind me no stress', 'en')).toEqual(['call the vet', '2026-11-24T10:00', null]);
    expect(one('vote on sunday at 9 remind me dont let me oversleep', 'en')).toEqual(['vote', '2026-11-29T09:00', null]);
    // A tail that names a thing, or said after the way of asking only, is the subject.
    expect(one('cheers, can ye remind me tomorrow tae fix the gate', 'en')[0]).toBe('fix the gate');
    expect(one('can you remind me tomorrow call the plumber', 'en')[0]).toBe('call the plumber');
    expect(one("ce serait cool que tu me rappelles demain d'appeler le garage", 'fr')[0]).toBe('appeler le garage');
  });

  it('reads what a request said last points back at ("of both", "les deux", "tout ça") as no subject of its own', () => {
    expect(all('tomorrow call the bank at 9am and email the landlord at 2pm, remind me of both cheers', 'en')).toEqual([
      ['call the bank', '2026-11-24T09:00', null],
      ['email the landlord', '2026-11-24T14:00', null],
    ]);
    expect(all('appeler le plombier à 9h et passer au pressing à 17h rappelle-moi les deux', 'fr')).toEqual([
      ['appeler le plombier', '2026-11-24T09:00', null],
      ['passer au pressing', '2026-11-23T17:00', null],
    ]);
    // A part with only the way of asking and a courtesy shares its neighbour's subject.
    expect(all('feed the cat at 8am and 6pm every day can you remind me, thanks pal', 'en')).toEqual([
      ['feed the cat', '2026-11-24T08:00', 'FREQ=DAILY'],
      ['feed the cat', '2026-11-23T18:00', 'FREQ=DAILY'],
    ]);
  });

  it('reads more ways of asking and more words around the request', () => {
    expect(one('sortir les encombrants jeudi soir tu sais me le rappeler', 'fr')).toEqual(['sortir les encombrants', '2026-11-26T20:00', null]);
    expect(one('payer la cotisation le 5 de chaque mois tu me le rappelles volontiers', 'fr')).toEqual(['payer la cotisation', '2026-12-05T09:00', 'FREQ=MONTHLY;BYMONTHDAY=5']);
    expect(one('rendre la perceuse au voisin samedi fais-moi y penser', 'fr')).toEqual(['rendre la perceuse au voisin', '2026-11-28T09:00', null]);
    expect(one('ramener les bouteilles vendredi pense à me le dire', 'fr')).toEqual(['ramener les bouteilles', '2026-11-27T09:00', null]);
    expect(one('renew the rego on friday, flick me a reminder', 'en')).toEqual(['renew the rego', '2026-11-27T09:00', null]);
    expect(one("avec ce froid rappelle-moi demain de purger les radiateurs", 'fr')).toEqual(['purger les radiateurs', '2026-11-24T09:00', null]);
    expect(one('every friday at 6pm pub quiz so it is', 'en')).toEqual(['pub quiz', '2026-11-27T18:00', 'FREQ=WEEKLY;BYDAY=FR']);
    expect(one("rappelle moi dem1 d'appeler la banque", 'fr')).toEqual(['appeler la banque', '2026-11-24T09:00', null]);
    expect(one('remind me on thursday at one pm to call the school', 'en')).toEqual(['call the school', '2026-11-26T13:00', null]);
    // "la fada" is somebody, not a courtesy.
    expect(one('acheter des fleurs pour la fada demain', 'fr')[0]).toBe('acheter des fleurs pour la fada');
  });
});

describe('remarks after the subject with the request first, and context before it (found by heldout-v2r and heldout-v2s, none of their sentences)', () => {
  it('leaves out a clause with a subject of its own said after the subject', () => {
    expect(one("rappelle-moi demain d'appeler tata elle s'inquiète", 'fr')).toEqual(["appeler tata", '2026-11-24T09:00', null]);
    expect(one('rappelle-moi tous les jeudis de sortir le bac vert c\'est le ramassage', 'fr')).toEqual(['sortir le bac vert', '2026-11-26T09:00', 'FREQ=WEEKLY;BYDAY=TH']);
    expect(one('rappelle-moi tous les soirs de mettre la pommade le dermato a insisté', 'fr')).toEqual(['mettre la pommade', '2026-11-23T20:00', 'FREQ=DAILY']);
    expect(one("rappelle-moi demain à 8h d'aller au marché faut pas que je le rate", 'fr')).toEqual(['aller au marché', '2026-11-24T08:00', null]);
    expect(one('remind me tomorrow to call grandad he gets lonely', 'en')).toEqual(['call grandad', '2026-11-24T09:00', null]);
    expect(one('remind me at 6pm to take the lasagne out the kids are coming over', 'en')).toEqual(['take the lasagne out', '2026-11-23T18:00', null]);
    expect(one('remind me every weekday at 8 to leave early cos i keep getting stuck in traffic', 'en')[0]).toBe('leave early');
    // What is said to someone stays: "tell … he …", "dire à … c'est …", "si elle …".
    expect(one('remind me tomorrow to tell Sam he got the job', 'en')[0]).toBe('tell Sam he got the job');
    expect(one("rappelle-moi demain de dire à Léa c'est d'accord pour le resto", 'fr')[0]).toBe("dire à Léa c'est d'accord pour le resto");
    expect(one('rappelle-moi demain de demander à Julie comment elle va', 'fr')[0]).toBe('demander à Julie comment elle va');
  });

  it('leaves out context before the action: "avec le …", "it\'s … so", "… i gotta"', () => {
    expect(one("avec le verglas rappelle-moi demain de saler l'allée", 'fr')).toEqual(["saler l'allée", '2026-11-24T09:00', null]);
    expect(one("it's freezing so every hour check the pipes", 'en')).toEqual(['check the pipes', '2026-11-23T11:00', 'FREQ=HOURLY']);
    expect(one('this week is crazy i gotta renew my passport tomorrow remind me', 'en')).toEqual(['renew my passport', '2026-11-24T09:00', null]);
  });

  it('reads "dix neuf heures" with a space, "the night class" as a thing, a greeting before the date as no context, and drops the "of" of a pointer', () => {
    expect(one('rappelle-moi demain à dix neuf heures de fermer le poulailler', 'fr')).toEqual(['fermer le poulailler', '2026-11-24T19:00', null]);
    expect(one('remind me on wednesday at 6pm to go to the night class', 'en')).toEqual(['go to the night class', '2026-11-25T18:00', null]);
    expect(all("on dit quoi euh demain à 9h rappelle-moi d'appeler le bailleur et à 15h de passer à la banque", 'fr')).toEqual([
      ['appeler le bailleur', '2026-11-24T09:00', null],
      ['passer à la banque', '2026-11-24T15:00', null],
    ]);
    expect(all('i need to call the bank at 9am and then pay the plumber at 11am can you remind me of both', 'en')).toEqual([
      ['call the bank', '2026-11-24T09:00', null],
      ['pay the plumber', '2026-11-23T11:00', null],
    ]);
  });
});

describe('remarks after a comma, vented leads, reported instructions (found by heldout-v2t and heldout-v2u, none of their sentences)', () => {
  it('leaves out a remark with a subject of its own said after a comma or a courtesy', () => {
    expect(one('rappelle-moi vendredi de rendre les livres, la médiathèque ferme tôt', 'fr')).toEqual(['rendre les livres', '2026-11-27T09:00', null]);
    expect(one('arroser les semis tous les matins, ma voisine part en vacances', 'fr')).toEqual(['arroser les semis', '2026-11-24T09:00', 'FREQ=DAILY']);
    expect(one('payer la cantine le 10 de chaque mois, sinon ils relancent', 'fr')[0]).toBe('payer la cantine');
    expect(one('check the tyre pressure every sunday, the mechanic reckons it leaks', 'en')).toEqual(['check the tyre pressure', '2026-11-29T09:00', 'FREQ=WEEKLY;BYDAY=SU']);
    expect(one('stretch my back every evening at 9, I sit all day', 'en')).toEqual(['stretch my back', '2026-11-23T21:00', 'FREQ=DAILY']);
    expect(one('vitamin d every morning pls, nurse says I am low', 'en')[0]).toBe('vitamin d');
    expect(one("floss every night, dentist's orders", 'en')[0]).toBe('floss');
    expect(one('prendre la tension chaque soir, sur les conseils du cardiologue', 'fr')[0]).toBe('prendre la tension');
    // What is said to someone stays, and a request after the comma is no remark.
    expect(one('remind me tomorrow to tell Jo, the party is cancelled', 'en')[0]).toBe('tell Jo, the party is cancelled');
    expect(one("dis, tu peux me rappeler jeudi d'appeler le garage", 'fr')[0]).toBe("appeler le garage");
    // Any verb in the past, or in the present before a word that says when or how.
    expect(one('call the plumber tomorrow, the sink leaks again', 'en')[0]).toBe('call the plumber');
    expect(all('take my pills at 8am and 8pm, doctor upped the dose', 'en')).toEqual([
      ['take my pills', '2026-11-24T08:00', null],
      ['take my pills', '2026-11-23T20:00', null],
    ]);
    expect(one("rappelle-moi demain d'appeler le plombier, l'évier fuit encore", 'fr')[0]).toBe('appeler le plombier');
    // A noun and its adjective or a list after the comma stay.
    expect(one('buy milk tomorrow, the sliced one', 'en')[0]).toBe('buy milk, the sliced one');
    expect(one('acheter le sac demain, le sac rouge des courses', 'fr')[0]).toBe('acheter le sac, le sac rouge des courses');
    // A clause with its own subject and date after the request's action is context, not a second reminder.
    expect(all('remind me thursday to grab my passport, we fly friday', 'en')).toEqual([['grab my passport', '2026-11-26T09:00', null]]);
    expect(all('rappelle moi jeudi de prendre mon passeport, on part vendredi', 'fr')).toEqual([['prendre mon passeport', '2026-11-26T09:00', null]]);
    expect(all('call grandma sunday at 6pm, she flies home monday', 'en')).toEqual([['call grandma', '2026-11-29T18:00', null]]);
    // What the speaker has to do is a reminder of its own.
    expect(all("rappelle-moi à 17h d'appeler maman, je dois aussi acheter du pain à 18h", 'fr')).toEqual([
      ['appeler maman', '2026-11-23T17:00', null],
      ['acheter du pain', '2026-11-23T18:00', null],
    ]);
    expect(all('remind me at 5 to call mum, I need to buy bread at 6', 'en')).toEqual([
      ['call mum', '2026-11-23T17:00', null],
      ['buy bread', '2026-11-23T18:00', null],
    ]);
    // "de nuit" after a verb says how one works, not when to remind.
    expect(all('sortir le chien à 7h tous les jours, ma femme travaille de nuit', 'fr')).toEqual([['sortir le chien', '2026-11-24T07:00', 'FREQ=DAILY']]);
  });

  it('reads a request said last in more words, and a repetition said after it', () => {
    expect(one('réviser la chaudière le 1er octobre, merci de me le rappeler', 'fr')[0]).toBe('réviser la chaudière');
    expect(one('gym class every tuesday at 7pm, set that up for me', 'en')).toEqual(['gym class', '2026-11-24T19:00', 'FREQ=WEEKLY;BYDAY=TU']);
    expect(all('fête des voisins le 3 juin, rappelle-le moi chaque année', 'fr')).toEqual([['fête des voisins', '2027-06-03T09:00', 'FREQ=YEARLY;BYMONTH=6;BYMONTHDAY=3']]);
    expect(all("mum's birthday on 14 february, remind me every year 🎉", 'en')).toEqual([["mum's birthday", '2027-02-14T09:00', 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=14']]);
  });

  it('leaves out a lead that vents or is a clause of its own, closed by a stop or an emoji', () => {
    expect(one('bin day chaos ugh. wheel the bins out every thursday at 7am', 'en')).toEqual(['wheel the bins out', '2026-11-26T07:00', 'FREQ=WEEKLY;BYDAY=TH']);
    expect(one("la cantine est fermée 😩 préparer le pique-nique de Zoé jeudi soir", 'fr')).toEqual(['préparer le pique-nique de Zoé', '2026-11-26T20:00', null]);
    expect(one('les bouchons sur le périph pff. partir à 7h tous les jours de la semaine', 'fr')[0]).toBe('partir');
    // A noun before the stop is no context: the whole stays ("dentist appointment. bring the x-rays").
    expect(one('dentist appointment. bring the x-rays friday at 10', 'en')[0]).toBe('dentist appointment. bring the x-rays');
    // The request alone after the break: what came before is the subject.
    expect(one('souhaiter la fête de Paul sinon il va bouder 😅 rappelle moi samedi', 'fr')[0]).toBe('souhaiter la fête de Paul');
  });

  it('reads an instruction reported before the action, and "ds", "the morra", "one p m", "dis une fois"', () => {
    expect(one("le pédiatre m'a dit de lui donner du doliprane toutes les six heures", 'fr')[0]).toBe('lui donner du doliprane');
    expect(one('my coach told me to foam roll every evening at 8', 'en')).toEqual(['foam roll', '2026-11-23T20:00', 'FREQ=DAILY']);
    expect(one('the vet said to give Rex his pill every morning', 'en')[0]).toBe('give Rex his pill');
    expect(one('rappelle moi ds 2 heures de sortir le gâteau', 'fr')).toEqual(['sortir le gâteau', '2026-11-23T12:00', null]);
    expect(one('remind me the morra at 10 tae phone the garage', 'en')).toEqual(['phone the garage', '2026-11-24T10:00', null]);
    expect(one('tomorrow at two p m pick up the suit', 'en')).toEqual(['pick up the suit', '2026-11-24T14:00', null]);
    expect(one('dis une fois, rappelle-moi lundi de payer la facture', 'fr')).toEqual(['payer la facture', '2026-11-30T09:00', null]);
    expect(one('remind me tomorrow to call Mrs Morrow', 'en')[0]).toBe('call Mrs Morrow');
    expect(one("tonton's coming over tonight so buy beer at 5 remind me", 'en')[0]).toBe('buy beer');
    expect(one("jen's flying in tomorrow remind me at 4 to pick her up", 'en')[0]).toBe('pick her up');
  });
});

describe('remarks and reasons said after the subject without a comma (found by heldout-v2v and heldout-v2w, none of their sentences)', () => {
  it('leaves out a reason, an aside or a condition said after the subject', () => {
    expect(one('remind me friday to water the ferns bc i always forget lol', 'en')[0]).toBe('water the ferns');
    expect(one('remind me tonight to call my sister cos she\'s been moody all week', 'en')[0]).toBe('call my sister');
    expect(one('remind me sunday at 5 to visit dad lol he keeps asking', 'en')[0]).toBe('visit dad');
    expect(one('every monday at 7 take the bins out they never wait', 'en')[0]).toBe('take the bins out');
    expect(one('book the tennis court every saturday at 8 if it\'s sunny', 'en')[0]).toBe('book the tennis court');
    expect(one("résilier l'abonnement salle de sport le 28 avant qu'ils prélèvent", 'fr')[0]).toBe("résilier l'abonnement salle de sport");
    expect(one("arroser le potager tous les soirs s'il fait chaud", 'fr')[0]).toBe('arroser le potager');
    expect(one("nourrir les poules tous les matins pendant que les voisins sont en vacances", 'fr')[0]).toBe('nourrir les poules');
    expect(one('muscu tous les lundis à 18h pas d\'excuse', 'fr')[0]).toBe('muscu');
    expect(one('renew my railcard on the 3rd!! not paying full fare again', 'en')[0]).toBe('renew my railcard');
    expect(one('réviser les partiels tous les soirs à 20h, faut que je passe cette année', 'fr')[0]).toBe('réviser les partiels');
    expect(one("feed the cat every morning at 7, sam's away", 'en')[0]).toBe('feed the cat');
    expect(one('tous les jeudis à 19h chorale, la cheffe note les absences', 'fr')[0]).toBe('chorale');
    // What belongs to the action stays: a condition about someone, a question asked or checked.
    expect(one('remind me tomorrow at 6pm to chase the builder if he hasn\'t called', 'en')[0]).toBe("chase the builder if he hasn't called");
    expect(one('remind me tomorrow to check if there is milk', 'en')[0]).toBe('check if there is milk');
    expect(one('rappelle-moi demain de demander à Paul s\'il fait beau à Nice', 'fr')[0]).toBe("demander à Paul s'il fait beau à Nice");
    expect(one("remind me tomorrow to buy a present for mum's wedding", 'en')[0]).toBe("buy a present for mum's wedding");
  });

  it('reads a lead that is a clause of its own, "c\'est la …", and a request said last as "tu me notes ça"', () => {
    expect(one("i'm cooking for ten and i need a reminder at 4pm to buy more rice", 'en')[0]).toBe('buy more rice');
    expect(one('le dernier vendredi de chaque mois c\'est la soirée jeux à 20h, fais moi penser', 'fr')[0]).toBe('la soirée jeux');
    expect(all('demain à 10h passer à la poste et à 15h appeler le syndic, voilà tu me notes ça stp', 'fr')).toEqual([
      ['passer à la poste', '2026-11-24T10:00', null],
      ['appeler le syndic', '2026-11-24T15:00', null],
    ]);
    expect(one('tous les mardis 9h cours de yoga 🧘 rappelle moi stp jsp pourquoi je me suis inscrite', 'fr')[0]).toBe('cours de yoga');
  });
});

describe('a reminder some time before what the message names (an offset)', () => {
  it('moves the reminder back by a span, a day, or to the evening before', () => {
    expect(one('dentiste jeudi à 10h30, rappelle-moi une heure avant', 'fr')).toEqual(['dentiste', '2026-11-26T09:30', null]);
    expect(one('remind me 10 minutes before my 3pm call with the bank', 'en')).toEqual(['my call with the bank', '2026-11-23T14:50', null]);
    expect(one('remind me half an hour before the match at 8pm', 'en')).toEqual(['the match', '2026-11-23T19:30', null]);
    expect(one("anniversaire de Léa le 14 décembre, rappelle-moi la veille", 'fr')).toEqual(['anniversaire de Léa', '2026-12-13T09:00', null]);
    expect(one('flight on friday at 7am, remind me the night before to pack', 'en')).toEqual(['pack', '2026-11-26T20:00', null]);
    expect(one('rappelle-moi la veille au soir de préparer le sac pour la rando de samedi', 'fr')).toEqual(['préparer le sac pour la rando', '2026-11-27T20:00', null]);
    expect(one('i have a dentist appointment next tuesday at 10:30 remind me an hour before', 'en')).toEqual(['a dentist appointment', '2026-11-24T09:30', null]);
  });

  it('moves a series with it, its days too when the day changes', () => {
    expect(one('réunion tous les lundis à 9h, préviens-moi 15 minutes avant', 'fr')).toEqual(['réunion', '2026-11-30T08:45', 'FREQ=WEEKLY;BYDAY=MO']);
    expect(one('bins go out every thursday, remind me the evening before', 'en')).toEqual(['bins go out', '2026-11-25T20:00', 'FREQ=WEEKLY;BYDAY=WE']);
    expect(one('rent is due on the 1st of every month, remind me 2 days before', 'en')).toEqual(['rent is due', '2026-11-29T09:00', 'FREQ=MONTHLY;BYMONTHDAY=-2']);
    expect(one("mum's birthday every year on 1 march, remind me the day before", 'en')).toEqual(["mum's birthday", '2027-02-28T09:00', 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=28']);
  });

  it('leaves the time as said when the offset would fall in the past, and reads "before" alone or "la veille de Noël" as before', () => {
    expect(one('remind me in 20 minutes to leave, an hour before', 'en')[1]).toBe('2026-11-23T10:20');
    expect(one('appeler mamie la veille de noël', 'fr')).toEqual(['appeler mamie', '2026-12-24T09:00', null]);
    expect(one('remind me to return the book before friday', 'en')[1]).toBe('2026-11-27T09:00');
    // A number after "à" / "at" is a clock time, not a span before.
    expect(one("rappelle moi demain à 10h avant le match d'appeler Paul", 'fr')[1]).toBe('2026-11-24T10:00');
    expect(one('remind me tomorrow at 10 before work to call Paul', 'en')[1]).toBe('2026-11-24T10:00');
  });
});

describe('more remarks, closings and habits said as a description (found by heldout-v2x and heldout-v2y, none of their sentences)', () => {
  it('leaves out remarks after a stop or a comma, at any length, and reads more closings', () => {
    expect(one("tous les vendredis les factures à 10h. c'est moi qui m'en occupe maintenant que Paul est à la retraite", 'fr')[0]).toBe('les factures');
    expect(one("le fisc m'a encore relancé... déclaration de TVA le 15 de chaque mois, rappelle-moi", 'fr')[0]).toBe('déclaration de TVA');
    expect(one('lundi à 8h commander le ciment, tu me mets ça', 'fr')[0]).toBe('commander le ciment');
    expect(one('sortir le pain du four dans vingt minutes, tu me sonnes ?', 'fr')[0]).toBe('sortir le pain du four');
    expect(one('arroser les plantes tous les 2 jours à cause de la chaleur rappelle moi', 'fr')[0]).toBe('arroser les plantes');
    expect(one("check the tyres every sunday now that it's icy", 'en')[0]).toBe('check the tyres');
    expect(one('bring the washing in in 20 mins, looks like rain', 'en')[0]).toBe('bring the washing in');
    expect(one('every friday remind me at 1pm for prayers', 'en')[0]).toBe('prayers');
    expect(one('tous les jours à 18h réviser 📚 sinon je vais rater le concours', 'fr')[0]).toBe('réviser');
  });

  it('reads a day that labels a thing as no date beside a real one, and keeps it in the subject', () => {
    expect(one("every friday afternoon write next week's menu", 'en')).toEqual(["write next week's menu", '2026-11-27T15:00', 'FREQ=WEEKLY;BYDAY=FR']);
    expect(one('tomorrow at 9 print the weekend rota', 'en')).toEqual(['print the weekend rota', '2026-11-24T09:00', null]);
    expect(one("prepare for tomorrow's interview", 'en')).toEqual(["prepare for tomorrow's interview", '2026-11-24T09:00', null]);
  });

  it('reads "le <jour> c\'est …" as the subject unless a request brings its own action, and monthly days beside a habit', () => {
    expect(all("le mercredi c'est piscine à 14h et judo à 16h, tu peux me rappeler chaque semaine ?", 'fr')).toEqual([
      ['piscine', '2026-11-25T14:00', 'FREQ=WEEKLY;BYDAY=WE'],
      ['judo', '2026-11-25T16:00', 'FREQ=WEEKLY;BYDAY=WE'],
    ]);
    expect(one("le lundi c'est poubelles", 'fr')).toEqual(['poubelles', '2026-11-30T09:00', 'FREQ=WEEKLY;BYDAY=MO']);
    expect(one("le lundi c'est le marché, rappelle-moi de prendre le cabas", 'fr')[0]).toBe('prendre le cabas');
    expect(one("la permanence du club c'est le premier mardi du mois à 18h, rappelle moi", 'fr')).toEqual(['la permanence du club', '2026-12-01T18:00', 'FREQ=MONTHLY;BYDAY=1TU']);
    expect(all("rappelle-moi tous les lundis à 9h d'appeler papa et le dernier vendredi du mois de payer la nounou", 'fr')).toEqual([
      ['appeler papa', '2026-11-30T09:00', 'FREQ=WEEKLY;BYDAY=MO'],
      ['payer la nounou', '2026-11-27T09:00', 'FREQ=MONTHLY;BYDAY=-1FR'],
    ]);
    // The date that ends a habit stays its end.
    expect(one("tous les lundis à 9h réunion jusqu'au 20 du mois", 'fr')[2]).toMatch(/^FREQ=WEEKLY;BYDAY=MO;UNTIL=/);
  });
});

describe('voice notes and an ordinary week (found by heldout-v2z and heldout-v2aa, none of their sentences)', () => {
  it('reads a remark after the last of two times as the same action at that time', () => {
    expect(all('prendre le sirop tous les jours à 8h et à 19h la pédiatre a été claire', 'fr')).toEqual([
      ['prendre le sirop', '2026-11-24T08:00', 'FREQ=DAILY'],
      ['prendre le sirop', '2026-11-23T19:00', 'FREQ=DAILY'],
    ]);
    expect(all("rappelle moi d'arroser les tomates à 7h et à 19h il fait trop chaud", 'fr').map((r) => r[0])).toEqual(['arroser les tomates', 'arroser les tomates']);
    expect(all('give nan her eye drops at 9am and 9pm the optician was very clear', 'en').map((r) => r[0])).toEqual(['give nan her eye drops', 'give nan her eye drops']);
    expect(all('feed the cat at 7am and 6pm because she gets grumpy', 'en').map((r) => r[0])).toEqual(['feed the cat', 'feed the cat']);
    expect(all('take my tablets every morning at 8 and every night at 9 the nurse said so', 'en').map((r) => r[0])).toEqual(['take my tablets', 'take my tablets']);
    // An action said after each time is its own.
    expect(all('arroser les tomates à 7h et à 19h rentrer le linge', 'fr').map((r) => r[0])).toEqual(['arroser les tomates', 'rentrer le linge']);
    expect(all('at 8am walk the dog and at 6pm the kids need picking up', 'en').map((r) => r[0])).toEqual(['walk the dog', 'the kids need picking up']);
  });

  it('leaves the context and the asker before a request out when the action comes in a later part', () => {
    expect(all("c'est la kiné qui l'a dit donc tu me mets un rappel tous les jours à 9h et à 18h pour faire mes exercices", 'fr').map((r) => r[0])).toEqual(['faire mes exercices', 'faire mes exercices']);
    expect(all('the vet prescribed it so can you remind me every day at 8am and at 8pm to give the dog his pill', 'en').map((r) => r[0])).toEqual(['give the dog his pill', 'give the dog his pill']);
  });

  it('reads a day said for the action apart from the day to remind on', () => {
    expect(one('remind me tonight to iron my shirt for tomorrow', 'en')).toEqual(['iron my shirt for tomorrow', '2026-11-23T20:00', null]);
    expect(one('remind me on friday to book the table for saturday night', 'en')).toEqual(['book the table for saturday night', '2026-11-27T09:00', null]);
    expect(one('every friday remind me to order the veg box for monday', 'en')).toEqual(['order the veg box for monday', '2026-11-27T09:00', 'FREQ=WEEKLY;BYDAY=FR']);
    expect(one('rappelle moi ce soir de préparer le sac de piscine pour demain', 'fr')).toEqual(['préparer le sac de piscine pour demain', '2026-11-23T20:00', null]);
    expect(one('rappelle moi vendredi de réserver le resto pour samedi soir', 'fr')).toEqual(['réserver le resto pour samedi soir', '2026-11-27T09:00', null]);
    // One date said in two pieces, and a day said for the reminder, stay as they were.
    expect(one('rappelle moi demain pour 17h', 'fr')[1]).toBe('2026-11-24T17:00');
    expect(one('remind me to book the table for saturday night', 'en')).toEqual(['book the table', '2026-11-28T20:00', null]);
    expect(all('set a reminder for sunday 9am to go to church, also monday 8am to drop off the car', 'en').map((r) => r[1])).toEqual(['2026-11-29T09:00', '2026-11-30T08:00']);
  });

  it('reads what the speaker has to do, said before the date, as the action', () => {
    expect(one('I need to call the vet on monday about the jabs', 'en')).toEqual(['call the vet about the jabs', '2026-11-30T09:00', null]);
    expect(one('right so I have to ring the school tomorrow about the trip', 'en')[0]).toBe('ring the school about the trip');
  });

  it('takes what a speaker corrects to, in the words and in the time', () => {
    expect(one('call the plumber no sorry the electrician tomorrow at 10', 'en')[0]).toBe('call the electrician');
    expect(one('appeler le garagiste non pardon le carrossier demain à 10h', 'fr')[0]).toBe('appeler le carrossier');
    expect(one("appeler le plombier euh non l'électricien demain à 10h", 'fr')[0]).toBe("appeler l'électricien");
    expect(one('buy milk, I mean oat milk tomorrow', 'en')[0]).toBe('buy oat milk');
    expect(one('every saturday at 6am no make that 5:30am go to the market', 'en')).toEqual(['go to the market', '2026-11-28T05:30', 'FREQ=WEEKLY;BYDAY=SA']);
    // "no" and "sorry" that correct nothing stay.
    expect(one('remind me tomorrow to say no to the party', 'en')[0]).toBe('say no to the party');
    expect(one('demain dire non à la réunion', 'fr')[0]).toBe('dire non à la réunion');
    expect(one('catch the 7:15 train tomorrow at 6', 'en')[1]).toBe('2026-11-24T06:00');
  });

  it('reads "one" as an hour after "at" or "half", and not elsewhere', () => {
    expect(one('remind me this afternoon at one thirty to call grandma', 'en')).toEqual(['call grandma', '2026-11-23T13:30', null]);
    expect(one('call grandma at half one', 'en')[1]).toBe('2026-11-23T13:30');
    expect(one('call grandma one fifteen pm', 'en')[1]).toBe('2026-11-23T13:15');
    expect(one('remind me tomorrow to pick one of the dresses', 'en')[0]).toBe('pick one of the dresses');
    expect(one('at one point call the bank tomorrow', 'en')[1]).toBe('2026-11-24T09:00');
  });

  it('reads more leads, particles, remarks and ways of asking', () => {
    expect(one("knackered today but remind me at 6 to call the garage", 'en')[0]).toBe('call the garage');
    expect(one("je suis crevée mais rappelle moi à 18h d'appeler le garage", 'fr')[0]).toBe('appeler le garage');
    expect(one('from now on every sunday call dad', 'en')[0]).toBe('call dad');
    expect(one('désormais tous les lundis appeler papa', 'fr')[0]).toBe('appeler papa');
    expect(one('je suis complètement décalée alors rappelle moi du lundi au vendredi à 7h de réveiller les petits', 'fr')[2]).toBe('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR');
    expect(one('tomorrow call the bank lah they keep charging me', 'en')[0]).toBe('call the bank');
    expect(one('new year resolution lah remind me to go to the gym every monday', 'en')[0]).toBe('go to the gym');
    expect(one('every 2 hours drink water yaar remind me', 'en')[0]).toBe('drink water');
    expect(one('demain appeler Paul, y répond jamais', 'fr')[0]).toBe('appeler Paul');
    expect(one("rappelle moi tous les jours à 6h30 d'aller courir, nouvelle année oblige", 'fr')[0]).toBe('aller courir');
    expect(one("rappelle moi demain de noter ma résolution", 'fr')[0]).toBe('noter ma résolution');
    expect(one("donne-moi un rappel toutes les deux heures pour boire de l'eau", 'fr')[0]).toBe("boire de l'eau");
    expect(one('laisse-moi un rappel demain à 9h pour la mutuelle', 'fr')[0]).toBe('la mutuelle');
  });

  it('makes a day of the month said beside a monthly habit a habit too', () => {
    expect(all('remind me every month on the 1st to pay the rent and on the 15th to pay the nanny', 'en')).toEqual([
      ['pay the rent', '2026-12-01T09:00', 'FREQ=MONTHLY;BYMONTHDAY=1'],
      ['pay the nanny', '2026-12-15T09:00', 'FREQ=MONTHLY;BYMONTHDAY=15'],
    ]);
    expect(all('every month on the 1st pay the rent and tomorrow call the bank', 'en')[1]).toEqual(['call the bank', '2026-11-24T09:00', null]);
  });
});

describe('more from probe sentences of my own (written before heldout-v2ab and heldout-v2ac were read)', () => {
  it('reads a hesitation right after the request as no part of the subject', () => {
    expect(one('rappelle moi euh non attends plutôt demain à 9h de rappeler le plombier', 'fr')).toEqual(['rappeler le plombier', '2026-11-24T09:00', null]);
    expect(one('can you remind me um no sorry on friday to pay the gas bill', 'en')).toEqual(['pay the gas bill', '2026-11-27T09:00', null]);
  });

  it('reads a bare English hour on a day carried over as not earlier than the part before it', () => {
    expect(all('tomorrow morning ring the council about the bins then at 2 pick up the car from the garage', 'en').map((r) => r[1])).toEqual(['2026-11-24T09:00', '2026-11-24T14:00']);
    expect(all('tomorrow at 9am call the bank and at 3 pick up the kids', 'en').map((r) => r[1])).toEqual(['2026-11-24T09:00', '2026-11-24T15:00']);
    // A day part said with it, no day carried, or context before: rule 8 as it stands.
    expect(all('remind me at 11:45pm to lock the back door and at 7 in the morning to walk the dog', 'en').map((r) => r[1])).toEqual(['2026-11-23T23:45', '2026-11-24T07:00']);
    expect(one('clocks went back last night so remind me to change the oven clock at 11', 'en')[1]).toBe('2026-11-23T11:00');
  });

  it('reads a day that names what it follows ("le rdv du mercredi", "wednesday\'s appointment") beside the day to remind on', () => {
    expect(one('mets-moi un rappel lundi pour le rdv du mercredi chez le pédiatre', 'fr')).toEqual(['le rdv du mercredi chez le pédiatre', '2026-11-30T09:00', null]);
    expect(one('remind me on monday about wednesday\'s dentist appointment', 'en')).toEqual(["wednesday's dentist appointment", '2026-11-30T09:00', null]);
    // Alone, such a day is the due day; "à partir de demain" still starts a habit.
    expect(one("prep for friday's meeting", 'en')).toEqual(["prep for friday's meeting", '2026-11-27T09:00', null]);
    expect(one('rappelle-moi tous les jours à 8h à partir de demain de prendre le sirop', 'fr')).toEqual(['prendre le sirop', '2026-11-24T08:00', 'FREQ=DAILY']);
  });
});

describe('reasons, forgetting and labels (found by heldout-v2ab and heldout-v2ac, none of their sentences)', () => {
  it('reads the words after a request as why when the subject came before it', () => {
    expect(one('yoga every tuesday at 6pm, remind me so i actually go', 'en')[0]).toBe('yoga');
    expect(one('call the landlord tomorrow pls remind me so he cant say i didnt', 'en')[0]).toBe('call the landlord');
    expect(one('appeler le plombier demain, rappelle-moi stp je veux pas que ça traîne', 'fr')[0]).toBe('appeler le plombier');
    expect(one('arroser les plantes demain rappelle moi sinon elles vont mourir', 'fr')[0]).toBe('arroser les plantes');
    // The request said first keeps what follows it.
    expect(one('remind me so i dont forget to call mum tomorrow', 'en')[0]).toBe('call mum');
    expect(one('rappelle-moi demain je veux appeler Paul', 'fr')[0]).toBe('appeler Paul');
  });

  it('leaves the speaker\'s forgetting, typed any way, out of the subject', () => {
    expect(one('payer la cantine tous les vendredis fo pa ke joublie', 'fr')[0]).toBe('payer la cantine');
    expect(one("rappelle moi de payer le loyer le 5 de chaque mois j'oublie toujours", 'fr')[0]).toBe('payer le loyer');
    expect(one('rappelle moi de payer le loyer le 5 de chaque mois jle zappe tjs', 'fr')[0]).toBe('payer le loyer');
    expect(one("rappelle-moi demain de noter ce que j'oublie", 'fr')[0]).toBe("noter ce que j'oublie");
  });

  it('drops "quand même", "une fois" and "māuruuru" around a request', () => {
    expect(one("rappelle-moi quand même demain d'appeler Léa", 'fr')[0]).toBe('appeler Léa');
    expect(one('rappelle moi qd mm lundi à 9h de payer la cantine', 'fr')[0]).toBe('payer la cantine');
    expect(one('arroser les plantes demain, tu me fais penser une fois ?', 'fr')[0]).toBe('arroser les plantes');
    expect(one('appeler Tonton demain soir, rappelle-le moi māuruuru', 'fr')[0]).toBe('appeler Tonton');
  });

  it('reads a few words after a comma closed by a sighing face, and "before" with a clause after a comma, as remarks', () => {
    expect(one('take the bins out tonight, bin day 🙄 pls remind me', 'en')[0]).toBe('take the bins out');
    expect(one('déplacer la voiture dans 1h, nettoyage de la rue 🙄 rappelle moi', 'fr')[0]).toBe('déplacer la voiture');
    expect(one('buy milk, eggs and bread tomorrow 🛒', 'en')[0]).toBe('buy milk, eggs and bread');
    expect(one('cycle to work tomorrow at 7, b4 it rains', 'en')[0]).toBe('cycle to work');
    expect(one("arroser le jardin demain à 7h, avant qu'il fasse trop chaud", 'fr')[0]).toBe('arroser le jardin');
    // Without the comma it is part of what to do.
    expect(one('walk the dog every morning at 6 before it gets hot', 'en')[0]).toBe('walk the dog before it gets hot');
  });

  it('leaves a label closed by a dash or a colon out when an errand\'s verb follows', () => {
    expect(one('house sitting for mum - water the plants every day at 8am', 'en')[0]).toBe('water the plants');
    expect(one('work stuff: send the rota every friday at 3pm', 'en')[0]).toBe('send the rota');
    expect(one("garde des enfants de Julie - aller les chercher à l'école vendredi à 16h30", 'fr')[0]).toBe("aller les chercher à l'école");
    expect(one('doctor appt - blood test tomorrow at 9', 'en')[0]).toBe('doctor appt - blood test');
    expect(one('rdv médecin : prise de sang demain à 8h', 'fr')[0]).toBe('rdv médecin: prise de sang');
  });
});

describe('mixed languages and a representative week (found by heldout-v2ad and heldout-v2ae, none of their sentences)', () => {
  it('reads more monthly habits', () => {
    expect(one('manze remind me every end month to pay the fundis', 'en')).toEqual(['pay the fundis', '2026-11-30T09:00', 'FREQ=MONTHLY;BYMONTHDAY=-1']);
    expect(one('pay the loan every month 25th, remind me leh', 'en')).toEqual(['pay the loan', '2026-11-25T09:00', 'FREQ=MONTHLY;BYMONTHDAY=25']);
    expect(one('every month on 10th pay the maid', 'en')[2]).toBe('FREQ=MONTHLY;BYMONTHDAY=10');
    expect(one('every month 2 bottles of wine', 'en')[2]).toBe('FREQ=MONTHLY');
  });

  it('reads Pidgin, Jamaican, Sheng and West African ways of asking and greeting', () => {
    expect(one('pay the rent every 1st of the month, no forget to remind me o', 'en')[0]).toBe('pay the rent');
    expect(one('choir practice thursday 7pm every week, no let me forget', 'en')[0]).toBe('choir practice');
    expect(one('abeg remind me every sunday 4pm make i iron my clothes for the week', 'en')[0]).toBe('iron my clothes for the week');
    expect(one('sasa so uh tomorrow at 9am pick the ID at the office', 'en')[0]).toBe('pick the ID at the office');
    expect(one("c'est comment, tous les vendredis à 19h faut appeler la vieille mère, rappelle-moi dêh", 'fr')[0]).toBe('appeler la vieille mère');
    expect(one('asteure faut que je prenne mes pilules tous les jours à 8h, rappelle-moi right', 'fr')[0]).toBe('prenne mes pilules');
    // "asteure que …" still opens a clause of context.
    expect(one("asteure que les poules pondent rappelle moi à tous les jours à 7h d'aller ramasser les oeufs", 'fr')[0]).toBe('aller ramasser les oeufs');
  });

  it('leaves more remarks and reasons out', () => {
    expect(one('rappelle-moi le 1er de chaque mois de payer le loyer, le virement auto marche jamais', 'fr')[0]).toBe('payer le loyer');
    expect(one('rappelle moi de regarder si la machine marche demain', 'fr')[0]).toBe('regarder si la machine marche');
    expect(one('last day of every month pay the credit card off, would be peak if i forget again', 'en')[0]).toBe('pay the credit card off');
    expect(one('call mum tomorrow, that would be great', 'en')[0]).toBe('call mum');
    expect(one('every weekday 8:15am leave for the train, finna stop missing it fr', 'en')[0]).toBe('leave for the train');
    expect(one("take my iron tablets every morning, sure I'd forget my head otherwise", 'en')[0]).toBe('take my iron tablets');
    expect(one('phone the surgery for a repeat prescription, remind me tomorrow at 8 when they open', 'en')).toEqual(['phone the surgery for a repeat prescription', '2026-11-24T08:00', null]);
    expect(one('appeler la mairie demain à 9h, rappelle-moi quand ils ouvrent', 'fr')[0]).toBe('appeler la mairie');
    expect(one("new pup's a menace so take the puppy to training every thursday at 6pm", 'en')[0]).toBe('take the puppy to training');
    expect(one('tomorrow at 2pm get me hair cut cheers pet', 'en')[0]).toBe('get me hair cut');
    expect(one('à 13h aller au dépanneur chercher du lait faque rappelle-moi ça', 'fr')[0]).toBe('aller au dépanneur chercher du lait');
    expect(all('prendre mes comprimés tous les jours à 8h et à 20h, murakoze', 'fr').map((r) => r[0])).toEqual(['prendre mes comprimés', 'prendre mes comprimés']);
  });

  it('keeps an action said after a joined second time ("… at 9am and at 2pm to get my hair cut")', () => {
    expect(all('remind me to ring the council at 9am and at 2pm to get my hair cut', 'en').map((r) => r[0])).toEqual(['ring the council', 'get my hair cut']);
    expect(all('rappelle-moi à 8h de sortir le chien et à 20h de le rentrer', 'fr').map((r) => r[0])).toEqual(['sortir le chien', 'le rentrer']);
  });

  it('reads names and events that look like times of day as words', () => {
    expect(one('demain donner son repas a Emilie', 'fr')[0]).toBe('donner son repas a Emilie');
    expect(one('demain appeler Paul le docteur a insisté', 'fr')[0]).toBe('appeler Paul');
    expect(one('le dernier vendredi de chaque mois, soirée de cartes chez Léonie à 19h', 'fr')).toEqual(['soirée de cartes chez Léonie', '2026-11-27T19:00', 'FREQ=MONTHLY;BYDAY=-1FR']);
    expect(one("rappelle moi la soirée de demain d'appeler Paul", 'fr')).toEqual(['appeler Paul', '2026-11-24T20:00', null]);
    expect(one("bring the pav to nana's on saturday 12.30", 'en')).toEqual(["bring the pav to nana's", '2026-11-28T12:30', null]);
    expect(one('buy milk 3.50 tomorrow', 'en')).toEqual(['buy milk 3.50', '2026-11-24T09:00', null]);
  });
});

describe('people at work and a representative mix (found by heldout-v2af and heldout-v2ag, none of their sentences)', () => {
  it('reads a day with a time of its own beside "every week" as its own weekly reminder', () => {
    expect(all('chaque semaine solfège pour Jules le mercredi à 14h et judo le samedi à 10h30', 'fr')).toEqual([
      ['solfège pour Jules', '2026-11-25T14:00', 'FREQ=WEEKLY;BYDAY=WE'],
      ['judo', '2026-11-28T10:30', 'FREQ=WEEKLY;BYDAY=SA'],
    ]);
    // Days said together keep one rule.
    expect(all('chaque semaine le lundi et le jeudi à 9h sortir les poubelles', 'fr')).toEqual([['sortir les poubelles', '2026-11-26T09:00', 'FREQ=WEEKLY;BYDAY=MO,TH']]);
  });

  it('leaves more reasons and remarks around the request out', () => {
    expect(one('every day at 9pm charge the power banks cause last week we got caught in the dark', 'en')[0]).toBe('charge the power banks');
    expect(one('stretch every 30 mins yaar remind me, my back is killing me', 'en')[0]).toBe('stretch');
    expect(one('submit my claims today 5pm, remind me can 🙏', 'en')[0]).toBe('submit my claims');
    expect(one("volunteer at the food bank every other saturday at 10am, don't let me flake", 'en')[0]).toBe('volunteer at the food bank');
    expect(one('le petit a de la fièvre 🤒 toutes les 4h lui donner le doliprane', 'fr')[0]).toBe('lui donner le doliprane');
    expect(one('every 2 hours drink water yaar remind me', 'en')[0]).toBe('drink water');
  });
});

describe('students, young people and an ordinary week (found by heldout-v2ah and heldout-v2ai, none of their sentences)', () => {
  it('reads a spaced slash between two notes as two reminders', () => {
    expect(all('jeudi 10h appeler le proprio / vendredi 15h dépôt du dossier CAF', 'fr')).toEqual([
      ['appeler le proprio', '2026-11-26T10:00', null],
      ['dépôt du dossier CAF', '2026-11-27T15:00', null],
    ]);
    expect(all('tomorrow 9am return the library books / 6pm footy training', 'en').map((r) => r[0])).toEqual(['return the library books', 'footy training']);
    // A date written with a slash stays one date.
    expect(one('pay the phone bill on 3/12', 'en')[0]).toBe('pay the phone bill');
  });

  it('reads more ways of asking: "tu me fais signe", "I need reminding", "don\'t let me sleep through it"', () => {
    expect(one('sortir le gâteau du four dans 40 minutes, tu me fais signe ?', 'fr')).toEqual(['sortir le gâteau du four', '2026-11-23T10:40', null]);
    expect(one('every tuesday at 5 I need reminding to put the recycling out', 'en')[0]).toBe('put the recycling out');
    expect(all('lecture at 9am on monday and at 11am on wednesday, dont let me sleep through it', 'en').map((r) => r[0])).toEqual(['lecture', 'lecture']);
    expect(one("don't let me be late, dentist tomorrow at 8:40", 'en')[0]).toBe('dentist');
  });

  it('leaves more remarks after a comma out', () => {
    expect(one('fill the water jugs every evening at 8, with the outages you never know', 'en')[0]).toBe('fill the water jugs');
    expect(one('take a jacket tomorrow at 7, just in case', 'en')[0]).toBe('take a jacket');
    expect(one('prendre les bougies demain à 18h, au cas où', 'fr')[0]).toBe('prendre les bougies');
    expect(one('remplir les bidons tous les soirs à 20h, avec les coupures on sait jamais', 'fr')[0]).toBe('remplir les bidons');
    expect(one("rappelle-moi à 16h de réviser l'anglais, jsuis grave en retard", 'fr')[0]).toBe("réviser l'anglais");
    expect(one('appeler mamie dimanche à 11h, chui jamais dispo sinon', 'fr')[0]).toBe('appeler mamie');
    expect(one('hoover the flat every saturday 10am, cleaning rota strikes again 🙄', 'en')[0]).toBe('hoover the flat');
  });

  it('reads a clause that says when something else happens as context, not as a reminder', () => {
    expect(all('remind me at 6 to put the roast in, everyone arrives at 8', 'en')).toEqual([['put the roast in', '2026-11-23T18:00', null]]);
    expect(all('remind me friday at 5pm to buy balloons, the party is at 7', 'en')).toEqual([['buy balloons', '2026-11-27T17:00', null]]);
    expect(all('rappelle-moi à 17h de partir, le concert commence à 20h', 'fr')).toEqual([['partir', '2026-11-23T17:00', null]]);
    // Two notes of one's own, without a request, stay two reminders.
    expect(all('tomorrow: dentist at 9, meeting starts at 2', 'en').length).toBe(2);
    expect(all('remind me at 8 to call the vet and at 3 to pick up Max', 'en').map((r) => r[0])).toEqual(['call the vet', 'pick up Max']);
  });

  it('reads "at like 8", "till the 8th", "every alternate …", "wknd"', () => {
    expect(one('remind me at like 4 to grab the parcel', 'en')).toEqual(['grab the parcel', '2026-11-23T16:00', null]);
    expect(one('revise maths every day at 5pm till the 12th', 'en')).toEqual(['revise maths', '2026-11-23T17:00', 'FREQ=DAILY;UNTIL=20261212T225959Z']);
    expect(one('water the tulsi plant every alternate day at 7am', 'en')).toEqual(['water the tulsi plant', '2026-11-24T07:00', 'FREQ=DAILY;INTERVAL=2']);
    expect(one('football on alternate sundays at 10', 'en')[2]).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=SU');
    expect(one('laundry every wknd at 11am', 'en')).toEqual(['laundry', '2026-11-28T11:00', 'FREQ=WEEKLY;BYDAY=SA,SU']);
    // "through" before no date stays a word of the subject.
    expect(one('every friday at 6 check the payment went through', 'en')[0]).toBe('check the payment went through');
  });

  it('keeps a day part that names a thing in the subject ("quiz night", "morning walk")', () => {
    expect(one('quiz night at the pub every wednesday 8pm', 'en')).toEqual(['quiz night at the pub', '2026-11-25T20:00', 'FREQ=WEEKLY;BYDAY=WE']);
    expect(one('morning walk every day at 6:30am', 'en')).toEqual(['morning walk', '2026-11-24T06:30', 'FREQ=DAILY']);
    // Beside a bare hour the part still says which half of the day.
    expect(one('morning walk every day at 6:30', 'en')[1]).toBe('2026-11-24T06:30');
    // A day part said for the reminder is still its time.
    expect(one('remind me saturday night to call grandad', 'en')).toEqual(['call grandad', '2026-11-28T20:00', null]);
  });
});

describe('probe sentences of my own while the v2aj/v2ak writers wrote', () => {
  it('reads texting day parts after a day ("tmrw am", "friday pm", "wed eve"), not "christmas eve"', () => {
    expect(one('ring the council tmrw am about the parking permit', 'en')).toEqual(['ring the council about the parking permit', '2026-11-24T09:00', null]);
    expect(one('friday pm collect the suit from the tailor', 'en')).toEqual(['collect the suit from the tailor', '2026-11-27T15:00', null]);
    expect(one('remind me thurs eve to charge the camera', 'en')).toEqual(['charge the camera', '2026-11-26T20:00', null]);
    expect(one('call aunty rose on christmas eve', 'en')).toEqual(['call aunty rose', '2026-12-24T09:00', null]);
  });

  it('keeps a deadline in the subject when the request names its own day', () => {
    expect(all('need to renew the car tax before monday, remind me saturday morning', 'en')).toEqual([['renew the car tax before monday', '2026-11-28T09:00', null]]);
    expect(all('remind me tomorrow to send the forms by thursday', 'en')).toEqual([['send the forms by thursday', '2026-11-24T09:00', null]]);
    expect(all("faut que je rende le mémoire avant vendredi, rappelle-moi mercredi soir", 'fr')).toEqual([['rende le mémoire avant vendredi', '2026-11-25T20:00', null]]);
    expect(all("rappelle-moi jeudi de payer la cantine d'ici lundi", 'fr')).toEqual([["payer la cantine d'ici lundi", '2026-11-26T09:00', null]]);
    // Without a request, or with only "and" between the days, the days are still the reminders'.
    expect(all('remind me on tuesday and by friday to water the plants', 'en').length).toBe(2);
    expect(one('remind me by friday to book the vet', 'en')).toEqual(['book the vet', '2026-11-27T09:00', null]);
  });
});

describe('more probe sentences of my own while the v2aj/v2ak writers wrote', () => {
  it('reads "faut que jpense à", "jdois pas oublier" and "I want reminder for"', () => {
    expect(one('faut que jpense à rendre les clés samedi', 'fr')).toEqual(['rendre les clés', '2026-11-28T09:00', null]);
    expect(one('jdois pas oublier de signer le carnet jeudi', 'fr')[0]).toBe('signer le carnet');
    expect(one('i want reminder for the gas cylinder booking on friday', 'en')[0]).toBe('the gas cylinder booking');
    expect(one('need reminder to renew the bus pass tomorrow', 'en')[0]).toBe('renew the bus pass');
  });
});

describe('older people, carers and a busy week (found by heldout-v2aj and heldout-v2ak, none of their sentences)', () => {
  it('leaves a closing thanks and a pronoun glued to the request out', () => {
    expect(one("Bonjour, pourriez-vous me rappeler jeudi à dix heures d'appeler la caisse de retraite. Je vous remercie.", 'fr')[0]).toBe("appeler la caisse de retraite");
    expect(one("mercredi à quinze heures la séance de kiné, rappelez-moi-la s'il vous plaît", 'fr')[0]).toBe('la séance de kiné');
    expect(one('arroser les tomates tous les soirs à 19h, rappelle-moi choukran', 'fr')[0]).toBe('arroser les tomates');
  });

  it('reads a day named by "du" as a label beside a day said for the reminder, and keeps the next part', () => {
    expect(all('samedi rappelle-moi à 10h le marché du samedi et à 15h le thé chez Odette', 'fr')).toEqual([
      ['le marché du samedi', '2026-11-28T10:00', null],
      ['le thé chez Odette', '2026-11-28T15:00', null],
    ]);
    // After a bare time only, that day is the reminder's.
    expect(one('rappelle-moi à 11h la messe du dimanche', 'fr')[1]).toBe('2026-11-29T11:00');
  });

  it('finds the request after a long spoken lead of context', () => {
    expect(one("hello dear it's Doreen again my granddaughter showed me how to use this thing so I hope it works I would like you to remind me every Tuesday at ten in the morning to phone the library about my large print books", 'en'))
      .toEqual(['phone the library about my large print books', '2026-11-24T10:00', 'FREQ=WEEKLY;BYDAY=TU']);
  });

  it('leaves more remarks out: "or they …", "y\'a …", a Creole "fòk mwen pa bliye"', () => {
    expect(one('renew the parking permit on friday or they tow the car, remind me', 'en')[0]).toBe('renew the parking permit');
    expect(one('rentrer les chaises du jardin ce soir, y a du vent qui se lève', 'fr')[0]).toBe('rentrer les chaises du jardin');
    expect(one('payer la cotisation le 1er de chaque mois, fòk mwen pa bliye', 'fr')[0]).toBe('payer la cotisation');
    // "ma part", "la ferme": nouns, not a clause of context.
    expect(one('donner ma part du loyer demain, sans faute', 'fr')[0]).toBe('donner ma part du loyer');
  });

  it('reads a time after a word ending in "de" or "en" ("l\'ambassade 8h30", "Julien 8h")', () => {
    expect(one("jeudi rdv à la caserne de l'escouade 8h30", 'fr')[1]).toBe('2026-11-26T08:30');
    expect(one('demain appeler Adrien 8h', 'fr')).toEqual(['appeler Adrien', '2026-11-24T08:00', null]);
    // "toutes les 2 heures" is still a repetition, "pendant 2 heures" still no time.
    expect(one("boire de l'eau toutes les 2 heures", 'fr')[2]).toBe('FREQ=HOURLY;INTERVAL=2');
  });
});

describe('people who mix languages and a month of messages (found by heldout-v2al and heldout-v2am, none of their sentences)', () => {
  it('leaves a remark said after a comma in another language out', () => {
    expect(one('pay the water bill on friday, tafadhali usisahau', 'en')[0]).toBe('pay the water bill');
    expect(one('call my brother tonight at 8, woh bahut naraz hai', 'en')[0]).toBe('call my brother');
    expect(one('collect the parcel at 3pm, nanti kena charge', 'en')[0]).toBe('collect the parcel');
    expect(one('aller à la banque demain à 9h, dama ko bëgg', 'fr')[0]).toBe('aller à la banque');
    expect(one('payer la tontine le 5 de chaque mois, pa bliye m tanpri', 'fr')[0]).toBe('payer la tontine');
    expect(one('appeler tata samedi, wakha 3afak', 'fr')[0]).toBe('appeler tata');
    expect(one('pay the light bill on the 15th every month, k merci', 'en')[0]).toBe('pay the light bill');
    // Between two joined times too.
    expect(all('take the pills at 8am and 8pm, daktari amesema sana, remind me', 'en').map((r) => r[0])).toEqual(['take the pills', 'take the pills']);
    // A subject in another language stays ("… et à 15h n3ayet l khalti" is what to do), and so does a list.
    expect(all('demain à 10h la poste et à 15h n3ayet l 3ammti', 'fr').map((r) => r[0])).toEqual(['la poste', 'n3ayet l 3ammti']);
    expect(one('buy groceries tomorrow, milk eggs bread', 'en')[0]).toBe('buy groceries, milk eggs bread');
  });

  it('leaves more French remarks and requests said last out', () => {
    expect(one('rentrer le bois ce soir, y fait froid en maudit', 'fr')[0]).toBe('rentrer le bois');
    expect(one("appeler le proprio lundi pour le chauffage. ça a pas de bon sens", 'fr')[0]).toBe('appeler le proprio pour le chauffage');
    expect(one('sortir la dinde du four dans 2 heures, toute la famille arrive 🎄', 'fr')[0]).toBe('sortir la dinde du four');
    expect(one('mettre la moustiquaire tous les soirs, avec le palu faut faire attention', 'fr')[0]).toBe('mettre la moustiquaire');
    expect(one('cotiser pour la tontine chaque fin de mois, faut pas je oublie hein', 'fr')[0]).toBe('cotiser pour la tontine');
    expect(all('tous les mardis à 18h solfège et à 19h piscine, tu peux me mettre ça ?', 'fr').map((r) => r[0])).toEqual(['solfège', 'piscine']);
    expect(one('cours de yoga tous les jeudis à 18h, tu peux me le noter ?', 'fr')[0]).toBe('cours de yoga');
    expect(all('stretch every day at 8am and 8pm, can you set that up', 'en').map((r) => r[0])).toEqual(['stretch', 'stretch']);
  });

  it('reads "un jeudi soir sur deux", "chaque lundi soir et jeudi soir", "chaque fin du mois"', () => {
    expect(one('sortir le bac jaune un mardi soir sur deux', 'fr')).toEqual(['sortir le bac jaune', '2026-11-24T20:00', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU']);
    expect(one('arroser le potager chaque mardi soir et vendredi soir', 'fr')).toEqual(['arroser le potager', '2026-11-24T20:00', 'FREQ=WEEKLY;BYDAY=TU,FR']);
    expect(one('payer la nounou chaque fin du mois', 'fr')[2]).toBe('FREQ=MONTHLY;BYMONTHDAY=-1');
    expect(one('aller au marché du Midi samedi à 9h', 'fr')).toEqual(['aller au marché du Midi', '2026-11-28T09:00', null]);
  });

  it('reads a lead closed by "lol", a reason with its own noun, and a corrected day of the month', () => {
    expect(one('cant sleep again lol remind me at 7 to book the doctor', 'en')[0]).toBe('book the doctor');
    expect(one('iron the shirts sunday evening cos school starts monday', 'en')[0]).toBe('iron the shirts');
    expect(one('remind me on march 3rd no wait the 5th to renew the lease', 'en')).toEqual(['renew the lease', '2027-03-05T09:00', null]);
  });
});

describe('parents and small traders (found by heldout-v2an and heldout-v2ao, none of their sentences)', () => {
  it('corrects only the time the correction follows', () => {
    expect(all("rappelle-moi mardi à 9h d'appeler l'école et à 15h non 16h de prendre le petit", 'fr')).toEqual([
      ["appeler l'école", '2026-11-24T09:00', null],
      ['prendre le petit', '2026-11-24T16:00', null],
    ]);
    expect(one('demain à 9h euh non plutôt 10h appeler le garage', 'fr')[1]).toBe('2026-11-24T10:00');
  });

  it('reads "yaani" before a request said last as "so", and texting\'s "c moi qui …" as a remark', () => {
    expect(one('payer la cantine vendredi yaani tu me le rappelles', 'fr')[0]).toBe('payer la cantine');
    expect(one('tous les jeudis soir sortir le bac vert c moi qui le fais maintenant', 'fr')[0]).toBe('sortir le bac vert');
    expect(one('prendre la vitamine c tous les matins', 'fr')[0]).toBe('prendre la vitamine c');
  });
});

describe('working days counted in a month (BYSETPOS)', () => {
  it('reads "the last working day of every month" and its French twins as a monthly BYSETPOS rule', () => {
    const last = 'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1';
    const first = 'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1';
    expect(one('remind me on the last working day of every month to send invoices', 'en')).toEqual(['send invoices', '2026-11-30T09:00', last]);
    expect(one('every last business day of the month, run payroll at 4pm', 'en')).toEqual(['run payroll', '2026-11-30T16:00', last]);
    expect(one('monthly on the first working day check the bank balance', 'en')).toEqual(['check the bank balance', '2026-12-01T09:00', first]);
    expect(one('the last working day of the month submit expenses, every month', 'en')[2]).toBe(last);
    expect(one('rappelle-moi le dernier jour ouvré de chaque mois de faire la paie', 'fr')).toEqual(['faire la paie', '2026-11-30T09:00', last]);
    expect(one('tous les derniers jours ouvrés du mois à 17h envoyer les factures', 'fr')).toEqual(['envoyer les factures', '2026-11-30T17:00', last]);
    expect(one('chaque mois, le premier jour ouvrable, relancer les impayés', 'fr')).toEqual(['relancer les impayés', '2026-12-01T09:00', first]);
  });

  it('reads one such day without a repetition as a one-off, past weekends', () => {
    expect(one('remind me on the first business day of next month to file the report', 'en')).toEqual(['file the report', '2026-12-01T09:00', null]);
    // 31 January 2027 is a Sunday: the last working day is Friday the 29th.
    expect(one('the last working day of january renew the insurance', 'en')).toEqual(['renew the insurance', '2027-01-29T09:00', null]);
    expect(one('rappelle-moi le dernier jour ouvré du mois de faire la paie', 'fr')).toEqual(['faire la paie', '2026-11-30T09:00', null]);
    // 1 May 2027 is a Saturday: the first working day is Monday the 3rd.
    expect(one('le premier jour ouvré de mai déposer le dossier', 'fr')).toEqual(['déposer le dossier', '2027-05-03T09:00', null]);
    // "every working day" stays Monday to Friday every week.
    expect(one('les jours ouvrables à 8h prendre le bus', 'fr')).toEqual(['prendre le bus', '2026-11-24T08:00', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR']);
  });
});

describe('a weekly habit governs the weekdays joined to it; pronouns glued to the request', () => {
  it('carries "every"/"chaque" to a bare weekday joined by "and" with its own time or part', () => {
    expect(all('chaque lundi matin et jeudi soir sortir le chien', 'fr')).toEqual([
      ['sortir le chien', '2026-11-30T09:00', 'FREQ=WEEKLY;BYDAY=MO'],
      ['sortir le chien', '2026-11-26T20:00', 'FREQ=WEEKLY;BYDAY=TH'],
    ]);
    expect(all('tous les lundis à 8h et jeudis à 18h sortir le chien', 'fr')).toEqual([
      ['sortir le chien', '2026-11-30T08:00', 'FREQ=WEEKLY;BYDAY=MO'],
      ['sortir le chien', '2026-11-26T18:00', 'FREQ=WEEKLY;BYDAY=TH'],
    ]);
    expect(all('every tuesday at 7am and friday at 5pm water the plants', 'en')).toEqual([
      ['water the plants', '2026-11-24T07:00', 'FREQ=WEEKLY;BYDAY=TU'],
      ['water the plants', '2026-11-27T17:00', 'FREQ=WEEKLY;BYDAY=FR'],
    ]);
    // A weekday with its own qualifier is its own date.
    expect(all('every tuesday at 7am and next friday at 5pm water the plants', 'en')[1]).toEqual(['water the plants', '2026-11-27T17:00', null]);
  });

  it('reads "rappelle-moi-le", "rappelle-le-moi" as the request alone', () => {
    expect(one('rappelle-moi-le demain à 9h', 'fr')).toEqual(['', '2026-11-24T09:00', null]);
    expect(one('rappelle-le-moi vendredi', 'fr')).toEqual(['', '2026-11-27T09:00', null]);
    expect(one('rappelle-moi le 5 mars de payer la taxe', 'fr')).toEqual(['payer la taxe', '2027-03-05T09:00', null]);
  });
});

describe('corrections said after the action (found by heldout-v2ap and heldout-v2aq, none of their sentences)', () => {
  it('corrects the time or day said before the action', () => {
    expect(one('remind me at 2pm to call the plumber no wait make it 3pm', 'en')).toEqual(['call the plumber', '2026-11-23T15:00', null]);
    expect(one('remind me at 2pm to call the plumber, actually make it 4', 'en')).toEqual(['call the plumber', '2026-11-23T16:00', null]);
    expect(one('remind me tomorrow at 9 to call mum, no wait, friday', 'en')).toEqual(['call mum', '2026-11-27T09:00', null]);
    expect(one("rappelle-moi à 14h d'appeler le plombier non plutôt 15h", 'fr')).toEqual(['appeler le plombier', '2026-11-23T15:00', null]);
    // "no" inside the action corrects nothing.
    expect(one('remind me tomorrow to say no on monday', 'en')).toEqual(['say no', '2026-11-24T09:00', null]);
  });

  it('corrects a delay by a bare one ("make it 2 hours")', () => {
    expect(one('remind me in an hour to call the plumber, no wait, make it 2 hours', 'en')).toEqual(['call the plumber', '2026-11-23T12:00', null]);
    expect(one('remind me in 10 minutes to check the oven, actually make it 20 minutes', 'en')).toEqual(['check the oven', '2026-11-23T10:20', null]);
  });

  it('a correction redoes only the date it follows, not a later reminder\'s day', () => {
    expect(all("rappelle-moi lundi à 10h non à 11h d'appeler la CAF et mardi de déposer le dossier", 'fr')).toEqual([
      ['appeler la CAF', '2026-11-30T11:00', null],
      ['déposer le dossier', '2026-11-24T09:00', null],
    ]);
  });
});

describe('Arabizi, patois and spoken asides (found by heldout-v2ap and heldout-v2aq, none of their sentences)', () => {
  it('reads Arabizi "3la" before a time, "w" for "et", and "yallah" as an interjection', () => {
    expect(one('rappelle-moi 3la 18h de rappeler khalti', 'fr')).toEqual(['rappeler khalti', '2026-11-23T18:00', null]);
    expect(one('marche tous les soirs, yallah', 'fr')).toEqual(['marche', '2026-11-23T20:00', 'FREQ=DAILY']);
    expect(all('ramener les clés demain à 11h w appeler Karim à 15h', 'fr')).toEqual([
      ['ramener les clés', '2026-11-24T11:00', null],
      ['appeler Karim', '2026-11-24T15:00', null],
    ]);
  });

  it('reads patois "inna 45 mins" and "nuh mek mi forget", and a reminder asked for in a few words said last', () => {
    expect(one('take out the chicken inna 45 mins, remind me', 'en')).toEqual(['take out the chicken', '2026-11-23T10:45', null]);
    expect(one('wash the car every saturday, nuh mek mi forget', 'en')[0]).toBe('wash the car');
    expect(one('football training every saturday at 10am, wee reminder pls', 'en')[0]).toBe('football training');
    expect(one('gym at 6pm tomorrow, reminder pls', 'en')[0]).toBe('gym');
    expect(one('apply the cream every day at 10pm for 2 weeks yaar, pls remind', 'en')).toEqual(['apply the cream', '2026-11-23T22:00', 'FREQ=DAILY;COUNT=14']);
    // A name stays a name.
    expect(one('Inna called, ring her back at 5pm', 'en')[1]).toBe('2026-11-23T17:00');
  });

  it('keeps an event named with "evening", and leaves out someone\'s state said after the time', () => {
    expect(one("parents' evening thursday at 6pm", 'en')[0]).toBe("parents' evening");
    expect(one('open evening at the school friday 6pm', 'en')).toEqual(['open evening at the school', '2026-11-27T18:00', null]);
    expect(one('call mum friday evening', 'en')).toEqual(['call mum', '2026-11-27T20:00', null]);
    expect(one("do the pickup on tuesday at 3pm Jess's off sick so it's on me", 'en')[0]).toBe('do the pickup');
    expect(one('call mum at 5pm mum is waiting', 'en')[0]).toBe('call mum');
    expect(one("water Sarah's plants at 5pm", 'en')[0]).toBe("water Sarah's plants");
  });
});

describe('other languages\' date words and remarks, leads, holidays (found by heldout-v2ar and heldout-v2as, none of their sentences)', () => {
  it('reads "tomorrow" said in another language', () => {
    expect(one('remind me demain at 6pm to collect the suit', 'en')).toEqual(['collect the suit', '2026-11-24T18:00', null]);
    expect(one('mañana at 10 call the plumber', 'en')).toEqual(['call the plumber', '2026-11-24T10:00', null]);
    expect(one('bukas at 3pm pay the water bill naman', 'en')).toEqual(['pay the water bill', '2026-11-24T15:00', null]);
    expect(one("rappelle-moi demen à 9h d'appeler le notaire, mèsi anpil", 'fr')).toEqual(['appeler le notaire', '2026-11-24T09:00', null]);
  });

  it('leaves out remarks and courtesies said last in another language or idiom', () => {
    expect(one('call the landlord tomorrow at 10, no se me puede olvidar', 'en')[0]).toBe('call the landlord');
    expect(one('pay the car loan on the 25th of every month, wah de bank doh play', 'en')[0]).toBe('pay the car loan');
    expect(one("remind me every friday at 6pm to go to Kyle's, yuh know how I does forget", 'en')[0]).toBe("go to Kyle's");
    expect(one('every weekday 6:30am remind me to catch the bus, by all means', 'en')[0]).toBe('catch the bus');
    expect(one('go for my swim 6am every tuesday, keep me honest 😅', 'en')[0]).toBe('go for my swim');
    expect(one('remind me tomorrow at 6pm to pick up the cake merci habibi', 'en')[0]).toBe('pick up the cake');
    expect(one('every thursday 7pm choir practice, set it na', 'en')[0]).toBe('choir practice');
    expect(one('prendre le sirop tous les jours à 20h, tu me rappelles ya3ni sérieux cette fois', 'fr')[0]).toBe('prendre le sirop');
    expect(one("payer la cantine le 5 de chaque mois, pa bliyé doudou", 'fr')[0]).toBe('payer la cantine');
    expect(all('gouttes pour Inès chaque jour à 8h et à 20h, rappelle stp', 'fr').map((r) => r[0])).toEqual(['gouttes pour Inès', 'gouttes pour Inès']);
    expect(one('fête des voisins le premier samedi de chaque mois à 18h, faut me rappeler ça', 'fr')[0]).toBe('fête des voisins');
  });

  it('leaves out a clause said first up to a comma, and "I keep forgetting"', () => {
    expect(one('now that the clocks changed, close the blinds every evening at 6pm', 'en')[0]).toBe('close the blinds');
    expect(one("since i'm up early, walk the dog tomorrow at 7", 'en')[0]).toBe('walk the dog');
    expect(one('khalas I keep forgetting, recycling out every monday 7pm', 'en')[0]).toBe('recycling out');
    expect(one('vu que je pars tôt, sortir le chien demain à 7h', 'fr')[0]).toBe('sortir le chien');
    expect(one("j'oublie toujours, sortir les poubelles mardi soir", 'fr')[0]).toBe('sortir les poubelles');
  });

  it('reads a holiday\'s full name opening the message, "sunday arvos", a correction between commas, and Welsh "now in a minute"', () => {
    expect(one('christmas eve collect the ham from the butcher at 11am', 'en')).toEqual(['collect the ham from the butcher', '2026-12-24T11:00', null]);
    expect(one('boxing day ring auntie joan', 'en')).toEqual(['ring auntie joan', '2026-12-26T09:00', null]);
    expect(one('buy the christmas eve dinner on friday', 'en')).toEqual(['buy the christmas eve dinner', '2026-11-27T09:00', null]);
    expect(one('wash the car saturday arvos', 'en')).toEqual(['wash the car', '2026-11-28T15:00', 'FREQ=WEEKLY;BYDAY=SA']);
    expect(all('chaque soir à 21h, euh non pardon 21h30, prendre mon cachet', 'fr')).toEqual([['prendre mon cachet', '2026-11-23T21:30', 'FREQ=DAILY']]);
    expect(all("tomorrow at 9am ring the bank, remind me will you, I'll forget now in a minute", 'en')).toEqual([['ring the bank', '2026-11-24T09:00', null]]);
  });
});

describe('exceptions, yearly positions and listed 24-hour times', () => {
  it('an exception leaves out days of the days said, not of the whole week', () => {
    expect(one('every weekday except thursday at 7am open the shop', 'en')).toEqual(['open the shop', '2026-11-24T07:00', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,FR']);
    expect(one('du lundi au vendredi sauf le mardi à 16h30 récupérer Noé', 'fr')).toEqual(['récupérer Noé', '2026-11-23T16:30', 'FREQ=WEEKLY;BYDAY=MO,WE,TH,FR']);
    expect(one('en semaine sauf le vendredi à 18h arroser le potager', 'fr')).toEqual(['arroser le potager', '2026-11-23T18:00', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH']);
    expect(one('tous les jours sauf le samedi à 7h méditer', 'fr')).toEqual(['méditer', '2026-11-24T07:00', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR,SU']);
  });

  it('a yearly habit on a position in a named month keeps the position', () => {
    expect(one('every year on the second monday of october at 10 book the flu shot', 'en')).toEqual(['book the flu shot', '2027-10-11T10:00', 'FREQ=YEARLY;BYMONTH=10;BYDAY=2MO']);
    expect(one('tous les ans le dernier samedi de juin fête de l’école', 'fr')).toEqual(['fête de l’école', '2027-06-26T09:00', 'FREQ=YEARLY;BYMONTH=6;BYDAY=-1SA']);
    expect(one('chaque année le dernier jour de février renouveler le badge', 'fr')).toEqual(['renouveler le badge', '2027-02-28T09:00', 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1']);
    expect(one('annually on the first working day of april send the rent review', 'en')).toEqual(['send the rent review', '2027-04-01T09:00', 'FREQ=YEARLY;BYMONTH=4;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1']);
    // Said once, it stays the date it falls on.
    expect(one('the last friday of january at 3pm file the report', 'en')).toEqual(['file the report', '2027-01-29T15:00', null]);
  });

  it('times listed with a 24-hour one are on the 24-hour clock, and a bare number listed after "at" is a time', () => {
    expect(all('every day at 6 and 18 water the seedlings', 'en')).toEqual([
      ['water the seedlings', '2026-11-24T06:00', 'FREQ=DAILY'],
      ['water the seedlings', '2026-11-23T18:00', 'FREQ=DAILY'],
    ]);
    expect(all('inhaler at 7:45 and 19:45 daily', 'en')).toEqual([
      ['inhaler', '2026-11-24T07:45', 'FREQ=DAILY'],
      ['inhaler', '2026-11-23T19:45', 'FREQ=DAILY'],
    ]);
    expect(all('friday at 10 and 15 check the oven', 'en')).toEqual([
      ['check the oven', '2026-11-27T10:00', null],
      ['check the oven', '2026-11-27T15:00', null],
    ]);
  });
});

describe('patois joins, remarks and leads in other registers (found by heldout-v2at and heldout-v2au, none of their sentences)', () => {
  it('reads patois "an" / "n" between two times, "fi" before a later action, and "di month"', () => {
    expect(all('every day 7am an 7pm give the dog his tablet', 'en')).toEqual([
      ['give the dog his tablet', '2026-11-24T07:00', 'FREQ=DAILY'],
      ['give the dog his tablet', '2026-11-23T19:00', 'FREQ=DAILY'],
    ]);
    expect(all('remind mi 6pm fi call mummy an 8pm fi lock up di shop', 'en')).toEqual([
      ['call mummy', '2026-11-23T18:00', null],
      ['lock up di shop', '2026-11-23T20:00', null],
    ]);
    expect(one('pay di rent every 1st of di month', 'en')).toEqual(['pay di rent', '2026-12-01T09:00', 'FREQ=MONTHLY;BYMONTHDAY=1']);
  });

  it('a second action keeps the weekday and habit said for the first, even with "weekly" in its name', () => {
    expect(all('every friday 9am team call and 4pm file weekly timesheet', 'en')).toEqual([
      ['team call', '2026-11-27T09:00', 'FREQ=WEEKLY;BYDAY=FR'],
      ['file weekly timesheet', '2026-11-27T16:00', 'FREQ=WEEKLY;BYDAY=FR'],
    ]);
  });

  it('leaves out remarks said last: purpose, "otherwise", who said so, tag questions, interjections', () => {
    expect(one('water the plants every evening at 7, make I no forget', 'en')[0]).toBe('water the plants');
    expect(one('lock the gate every night at 10, so I don’t forget', 'en')[0]).toBe('lock the gate');
    expect(one('leave home by 6:30 every weekday, traffic go bad otherwise', 'en')[0]).toBe('leave home');
    expect(one('take the tablets every 6 hours, nurse seh so', 'en')[0]).toBe('take the tablets');
    expect(one('get the bread at 5, you hear?', 'en')[0]).toBe('get the bread');
    // A question that is the subject itself stays.
    expect(one('demain à 9h, appeler maman ?', 'fr')[0]).toBe('appeler maman');
    expect(one('rappelle-moi demain, acheter du pain ?', 'fr')[0]).toBe('acheter du pain');
    expect(one('tu peux me rappeler lundi, vaccin chat ?', 'fr')[0]).toBe('vaccin chat');
    expect(one('remind me tomorrow, call mum?', 'en')[0]).toBe('call mum');
    expect(one('mes étirements tous les soirs à 21h, t’as compris?', 'fr')[0]).toBe('mes étirements');
    expect(one('tous les jours à 8h le sirop de Yanis, hamdoullah ça va mieux', 'fr')[0]).toBe('le sirop de Yanis');
    expect(one('payer la facture jeudi, 3lach j’oublie tout moi, rappelle-moi', 'fr')[0]).toBe('payer la facture');
    expect(one('partir à 6h demain, les bouchons vont être terribles sinon', 'fr')[0]).toBe('partir');
    expect(one('drink water every hour this weather is crazy pls remind', 'en')[0]).toBe('drink water');
    expect(one('send the invoice every month end, pls do the needful', 'en')[0]).toBe('send the invoice');
  });

  it('reads "mind me", "un rappel" / "a reminder" said first, "kal", "naw" and a lead before "mais"', () => {
    expect(one('put the recycling out every thursday night, aye, mind me', 'en')[0]).toBe('put the recycling out');
    expect(one('mind me to phone the vet tomorrow at 10', 'en')).toEqual(['phone the vet', '2026-11-24T10:00', null]);
    expect(one('never mind me, buy milk tomorrow', 'en')[0]).not.toBe('buy milk');
    expect(one('un rappel chaque mardi à 18h pour le foot', 'fr')[0]).toBe('le foot');
    // A reminder that is the thing itself stays: after a verb, or of something.
    expect(one('acheter un rappel de vaccin demain', 'fr')[0]).toBe('acheter un rappel de vaccin');
    expect(one('un rappel de vaccin pour le chat jeudi', 'fr')[0]).toBe('un rappel de vaccin pour le chat');
    expect(one('buy a reminder card for mum tomorrow', 'en')[0]).toBe('buy a reminder card for mum');
    expect(one('a reminder every monday at 7am to renew the bus pass', 'en')[0]).toBe('renew the bus pass');
    expect(one('remind me kal at 9am to call the CA', 'en')).toEqual(['call the CA', '2026-11-24T09:00', null]);
    expect(one('call kal at 9am', 'en')[0]).toBe('call kal');
    expect(one('remind me at 3 naw 4pm to call the garage', 'en')).toEqual(['call the garage', '2026-11-23T16:00', null]);
    expect(one('trop la flemme mais ranger le garage samedi stp', 'fr')).toEqual(['ranger le garage', '2026-11-28T09:00', null]);
    expect(one('tout doux mais faut le faire, mes étirements tous les soirs à 21h', 'fr')[0]).toBe('mes étirements');
    // Without a verb after "mais", the words stay.
    expect(one('appeler maman demain mais pas avant 10h', 'fr')[0]).toMatch(/^appeler maman/);
  });

  it('reads "in total" / "en tout" closing an end, and a day part naming the habit said first', () => {
    expect(one('physio every tuesday at 6pm, 8 times in total', 'en')).toEqual(['physio', '2026-11-24T18:00', 'FREQ=WEEKLY;BYDAY=TU;COUNT=8']);
    expect(one('séance de kiné chaque mardi à 18h, 8 fois en tout', 'fr')).toEqual(['séance de kiné', '2026-11-24T18:00', 'FREQ=WEEKLY;BYDAY=TU;COUNT=8']);
    expect(one('tous les jours à 7h pendant 10 jours au total vitamine C', 'fr')).toEqual(['vitamine C', '2026-11-24T07:00', 'FREQ=DAILY;COUNT=10']);
    expect(one('morning devotion every day at 6am', 'en')).toEqual(['morning devotion', '2026-11-24T06:00', 'FREQ=DAILY']);
    expect(one('morning call the bank at 9am', 'en')[0]).toBe('call the bank');
  });
});

describe('starts, month ends and holidays said with a repetition', () => {
  it('a start date beside the repetition\'s own day: the day is the rule\'s, the date its start', () => {
    expect(one('à partir du 1er janvier, chaque mois le 5, payer la nounou', 'fr')).toEqual(['payer la nounou', '2027-01-05T09:00', 'FREQ=MONTHLY;BYMONTHDAY=5']);
    expect(one('starting dec 10, every week on friday clean the fridge', 'en')).toEqual(['clean the fridge', '2026-12-11T09:00', 'FREQ=WEEKLY;BYDAY=FR']);
    expect(one('à compter de lundi tous les jours à 7h vitamine', 'fr')).toEqual(['vitamine', '2026-11-30T07:00', 'FREQ=DAILY']);
  });

  it('a month said alone as the start or the end', () => {
    expect(one('from january every month on the 5th pay the nanny', 'en')).toEqual(['pay the nanny', '2027-01-05T09:00', 'FREQ=MONTHLY;BYMONTHDAY=5']);
    expect(one('dès février tous les lundis à 7h yoga', 'fr')).toEqual(['yoga', '2027-02-01T07:00', 'FREQ=WEEKLY;BYDAY=MO']);
    expect(one("à partir d'avril tous les samedis à 9h marché", 'fr')).toEqual(['marché', '2027-04-03T09:00', 'FREQ=WEEKLY;BYDAY=SA']);
    expect(one("rappelle-moi le premier de chaque mois de changer le filtre jusqu'en juin", 'fr')).toEqual(['changer le filtre', '2026-12-01T09:00', 'FREQ=MONTHLY;BYMONTHDAY=1;UNTIL=20270630T215959Z']);
    expect(one('take the pill every day until january', 'en')).toEqual(['take the pill', '2026-11-24T09:00', 'FREQ=DAILY;UNTIL=20270131T225959Z']);
    // With a day, the day ends it.
    expect(one('every friday until june 12 piano', 'en')).toEqual(['piano', '2026-11-27T09:00', 'FREQ=WEEKLY;BYDAY=FR;UNTIL=20270612T215959Z']);
  });

  it('"except (during) the holidays", "sauf jours fériés" leave the subject (a rule cannot hold them)', () => {
    expect(one('every tuesday night take the bins out except during the holidays', 'en')).toEqual(['take the bins out', '2026-11-24T20:00', 'FREQ=WEEKLY;BYDAY=TU']);
    expect(one('catch the bus at 7:40am every weekday except bank holidays', 'en')[0]).toBe('catch the bus');
    expect(one('rappelle-moi de sortir les poubelles tous les mardis soirs sauf pendant les vacances', 'fr')[0]).toBe('sortir les poubelles');
    expect(one('tous les lundis et jeudis à 7h30 sauf jours fériés prendre le bus', 'fr')[0]).toBe('prendre le bus');
  });
});

describe('intervals, weekends, quarters and bedtime said with a repetition', () => {
  it('reads "every 2nd day", "every other weekend", "twice a week" with the days, "un week-end sur deux"', () => {
    expect(one('remind me every 2nd day at 8pm to water the cactus', 'en')).toEqual(['water the cactus', '2026-11-23T20:00', 'FREQ=DAILY;INTERVAL=2']);
    expect(one('every other weekend visit grandpa on saturday at 2pm', 'en')).toEqual(['visit grandpa', '2026-11-28T14:00', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=SA']);
    expect(one('every other weekend mow the lawn', 'en')).toEqual(['mow the lawn', '2026-11-28T09:00', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=SA,SU']);
    expect(one('twice a week tuesday and friday at 7am gym', 'en')).toEqual(['gym', '2026-11-24T07:00', 'FREQ=WEEKLY;BYDAY=TU,FR']);
    expect(one('un week-end sur deux aller chez papi le samedi à 14h', 'fr')).toEqual(['aller chez papi', '2026-11-28T14:00', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=SA']);
    // "every 2nd of the month" stays a day of the month.
    expect(one('every 2nd of the month pay rent', 'en')).toEqual(['pay rent', '2026-12-02T09:00', 'FREQ=MONTHLY;BYMONTHDAY=2']);
  });

  it('reads a position in every quarter', () => {
    expect(one('first monday of every quarter board meeting', 'en')).toEqual(['board meeting', '2027-01-04T09:00', 'FREQ=MONTHLY;BYMONTH=1,4,7,10;BYDAY=1MO']);
    expect(one('remind me on the last business day of each quarter to send invoices', 'en')).toEqual(['send invoices', '2026-12-31T09:00', 'FREQ=MONTHLY;BYMONTH=3,6,9,12;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1']);
    expect(one('le dernier jour de chaque trimestre clôturer les comptes', 'fr')).toEqual(['clôturer les comptes', '2026-12-31T09:00', 'FREQ=MONTHLY;BYMONTH=3,6,9,12;BYMONTHDAY=-1']);
  });

  it('reads "before bed" / "avant de dormir" as the evening at 21:00', () => {
    expect(one('every night before bed take the melatonin', 'en')).toEqual(['take the melatonin', '2026-11-23T21:00', 'FREQ=DAILY']);
    expect(one('remind me before bed to charge my phone', 'en')).toEqual(['charge my phone', '2026-11-23T21:00', null]);
    expect(one('tous les soirs au coucher brosser les dents des enfants', 'fr')).toEqual(['brosser les dents des enfants', '2026-11-23T21:00', 'FREQ=DAILY']);
    expect(one("rappelle-moi avant d'aller au lit de fermer le portail", 'fr')).toEqual(['fermer le portail', '2026-11-23T21:00', null]);
    expect(one('read the bedtime story at 8pm', 'en')).toEqual(['read the bedtime story', '2026-11-23T20:00', null]);
  });
});

describe('phone typing and remarks in more registers (found by heldout-v2av and heldout-v2aw, none of their sentences)', () => {
  it('reads a correction after "…" or a dash, and a dash between spaces as a pause', () => {
    expect(one('Rappelle-moi tous les mardis à 9h… non pardon 9h30, d’appeler le garage', 'fr')).toEqual(['appeler le garage', '2026-11-24T09:30', 'FREQ=WEEKLY;BYDAY=TU']);
    expect(one('call the vet tomorrow at 10 — sorry, 11', 'en')).toEqual(['call the vet', '2026-11-24T11:00', null]);
    expect(one('mon–fri 7am gym', 'en')).toEqual(['gym', '2026-11-24T07:00', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR']);
    // Before a number, a dash between spaces is a range, as a hyphen is.
    expect(all('réunion demain 14h – 15h', 'fr')).toEqual(all('réunion demain 14h - 15h', 'fr'));
    expect(all('meeting tomorrow 2pm – 3pm', 'en')).toEqual(all('meeting tomorrow 2pm - 3pm', 'en'));
  });

  it('a weekday corrected after a weekly habit is the habit\'s day', () => {
    expect(all('bins out every wednesday at 8pm, sorry, tuesday', 'en')).toEqual([['bins out', '2026-11-24T20:00', 'FREQ=WEEKLY;BYDAY=TU']]);
    expect(all('recycling out every thursday night at 7 – no wait, every friday', 'en')).toEqual([['recycling out', '2026-11-27T19:00', 'FREQ=WEEKLY;BYDAY=FR']]);
    expect(all('sortir les poubelles tous les mercredis à 20h, pardon, le mardi', 'fr')).toEqual([['sortir les poubelles', '2026-11-24T20:00', 'FREQ=WEEKLY;BYDAY=TU']]);
    // Another day said in between is what the correction is about.
    expect(all('every thursday at 6pm swim club and on monday, no sorry, on friday at 4pm the dentist', 'en').map((r) => r[2])).toEqual(['FREQ=WEEKLY;BYDAY=TH', null]);
  });

  it('reads "ce wknd", "le 15 sept.", "Remind be", four-digit 24-hour times after a day', () => {
    expect(one('ranger le garage ce wknd rappelle moi', 'fr')).toEqual(['ranger le garage', '2026-11-28T09:00', null]);
    expect(one('Rappelle moi le 3 sept. d’envoyer le dossier', 'fr')).toEqual(['envoyer le dossier', '2027-09-03T09:00', null]);
    expect(one('Remind be tomorrow at 6pm to call the plumber', 'en')).toEqual(['call the plumber', '2026-11-24T18:00', null]);
    expect(one('weekdays 0645 take the train', 'en')).toEqual(['take the train', '2026-11-24T06:45', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR']);
    expect(one('sat 1030 football', 'en')).toEqual(['football', '2026-11-28T10:30', null]);
    expect(one('call 0800 123 456 tomorrow', 'en')).toEqual(['call 0800 123 456', '2026-11-24T09:00', null]);
  });

  it('leaves out leads and remarks: "… ah oui", "for real this time", "great craic", "cuh …", "or the X will …", "no forget brah", "the two of them"', () => {
    expect(one("c'était quoi… ah oui appeler le notaire demain à 10h", 'fr')[0]).toBe('appeler le notaire');
    expect(one('what was it... oh yes call the notary tomorrow at 10', 'en')[0]).toBe('call the notary');
    expect(one('mon to fri 6am wake up for work ebi serious this time', 'en')[0]).toBe('wake up for work');
    expect(one('pub quiz every thursday 8pm, good craic', 'en')[0]).toBe('pub quiz');
    expect(one('lock the car every night at 10 cuh I does forget', 'en')[0]).toBe('lock the car');
    expect(one('water the plants every friday or the landlady will be vexed', 'en')[0]).toBe('water the plants');
    expect(one('go to church every sunday 9am, no forget brah', 'en')[0]).toBe('go to church');
    expect(one('buy milk or bread tomorrow', 'en')[0]).toBe('buy milk or bread');
    expect(all('dentiste lundi à 9h et pharmacie mardi à 18h, rappelle-moi les deux, a ni ce', 'fr').map((r) => r[0])).toEqual(['dentiste', 'pharmacie']);
    expect(all('dentist monday at 9 and pharmacy tuesday at 6pm, remind me of both', 'en').map((r) => r[0])).toEqual(['dentist', 'pharmacy']);
  });
});

describe('voice notes without stops, wake-ups and corrections (found by heldout-v2ax to v2ba, none of their sentences)', () => {
  it('a corrected bare hour keeps the half of the day of the time it corrects', () => {
    expect(one('remind me the day after tomorrow at 6pm, no wait 6:30, to call the garage', 'en')).toEqual(['call the garage', '2026-11-25T18:30', null]);
    expect(one('remind me at 7 in the morning, sorry 7:15, to take the pill', 'en')).toEqual(['take the pill', '2026-11-24T07:15', null]);
    expect(one('remind me tomorrow at 9pm no wait 10 to lock up', 'en')).toEqual(['lock up', '2026-11-24T22:00', null]);
    expect(one('remind me tomorrow at 11am no wait 12 to call Sam', 'en')).toEqual(['call Sam', '2026-11-24T12:00', null]);
  });

  it('a wake-up asked for with what it is for is a request, whatever comes before it', () => {
    expect(one("réveille-moi dans neuf heures pour partir à la gare", 'fr')).toEqual(['partir à la gare', '2026-11-23T19:00', null]);
    expect(one('stp réveille-moi demain à 5h pour le vol', 'fr')).toEqual(['le vol', '2026-11-24T05:00', null]);
    expect(one('bon je me couche parce que je suis crevé réveille-moi dans deux heures pour la réunion', 'fr')[0]).toBe('la réunion');
    expect(one('wake me up in 2 hours for the meeting', 'en')).toEqual(['the meeting', '2026-11-23T12:00', null]);
    expect(one('so tired lol wake me in 40 minutes to pick up the kids', 'en')[0]).toBe('pick up the kids');
    // A wake-up for nothing said is the subject itself.
    expect(one('réveille-moi demain à 6h', 'fr')[0]).toBe('réveille-moi');
    expect(one('wake me up tomorrow at 6am', 'en')[0]).toBe('wake me up');
  });

  it('a lead with a verb of its own said before the request without a stop is why, not what', () => {
    expect(one('so like I always forget this remind me friday to renew the permit', 'en')).toEqual(['renew the permit', '2026-11-27T09:00', null]);
    expect(one('we never remember remind me on sunday to water the ferns', 'en')[0]).toBe('water the ferns');
    expect(one("I'm so glad, remind me tomorrow to thank Ana", 'en')[0]).toBe('thank Ana');
  });

  it('how things are, or what is about to happen, said last without a stop is no subject', () => {
    expect(one("water the roses tonight it's been so dry", 'en')).toEqual(['water the roses', '2026-11-23T20:00', null]);
    expect(one('every evening at 7 water the roses its so dry', 'en')[0]).toBe('water the roses');
    expect(one("call the landlord tomorrow it's so cold in here", 'en')[0]).toBe('call the landlord');
    expect(one("remind me in an hour to move the car the meter's gonna run out", 'en')).toEqual(['move the car', '2026-11-23T11:00', null]);
    expect(one('remind me at 8pm to charge my phone my battery is almost dead', 'en')[0]).toBe('charge my phone');
    expect(one('remind me tomorrow to take an umbrella you know just in case', 'en')[0]).toBe('take an umbrella');
    expect(one('prendre le parapluie demain au cas où', 'fr')[0]).toBe('prendre le parapluie');
    // What is checked or said stays.
    expect(one("check if the meter's gonna run out tomorrow at 5pm", 'en')[0]).toBe("check if the meter's gonna run out");
    expect(one("I'm so glad remind me tomorrow to thank Ana", 'en')[0]).toBe('thank Ana');
    // "thank" is what to do, not a courtesy, after "to".
    expect(one('remind me to thank Ana tomorrow', 'en')).toEqual(['thank Ana', '2026-11-24T09:00', null]);
    expect(one('can you remind me tomorrow, thank you', 'en')[0]).toBe('');
  });

  it('"so" after a verb of being says how much, not what follows from what', () => {
    expect(all("every evening at seven feed the cat and every morning at 8 water the garden it's been so dry", 'en').map((r) => r[0])).toEqual(['feed the cat', 'water the garden']);
  });

  it('reads "weds"; "w" right before a time joins two reminders in English too', () => {
    expect(one('green bin out every other weds 7pm', 'en')).toEqual(['green bin out', '2026-11-25T19:00', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=WE']);
    expect(all('tomorrow at 10 drop the car at the garage w at 4pm collect it', 'en')).toEqual([
      ['drop the car at the garage', '2026-11-24T10:00', null],
      ['collect it', '2026-11-24T16:00', null],
    ]);
    expect(one('coffee w Sam tomorrow at 10am', 'en')[0]).toBe('coffee w Sam');
  });

  it('only a request after "so" leaves what came before as the subject', () => {
    expect(one('pay the cleaner on the 1st of every month, yaani remind me', 'en')).toEqual(['pay the cleaner', '2026-12-01T09:00', 'FREQ=MONTHLY;BYMONTHDAY=1']);
    expect(one('payer la nounou le 1er de chaque mois, donc rappelle-moi', 'fr')[0]).toBe('payer la nounou');
  });
});

describe('starts, weeks said with their days, corrections and remarks (found by heldout-v2ax to v2ba, none of their sentences)', () => {
  it('a start said before a repetition with its own days starts it', () => {
    expect(one("à partir du 10 janvier, rappelle-moi tous les jours à 6h30 de préparer les enfants", 'fr')).toEqual(['préparer les enfants', '2027-01-10T06:30', 'FREQ=DAILY']);
    expect(one('starting january 11, remind me every weekday at 6:30am to get the kids ready', 'en')).toEqual(['get the kids ready', '2027-01-11T06:30', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR']);
    expect(all('à partir du 15 janvier, cours de francisation tous les lundis et mercredis à 18h30', 'fr')).toEqual([['cours de francisation', '2027-01-18T18:30', 'FREQ=WEEKLY;BYDAY=MO,WE']]);
    // "from" before something else than the day says no start.
    expect(one('working from home today, ping me every 30 mins to stretch', 'en')).toEqual(['stretch', '2026-11-23T10:30', 'FREQ=MINUTELY;INTERVAL=30']);
  });

  it('a week said with no day, then its days, is one repetition on those days', () => {
    expect(all('chaque semaine, cours de soutien de Yassine le lundi et le mercredi à 17h30', 'fr')).toEqual([['cours de soutien de Yassine', '2026-11-23T17:30', 'FREQ=WEEKLY;BYDAY=MO,WE']]);
    expect(all('toutes les deux semaines, piscine le samedi à 10h', 'fr')).toEqual([['piscine', '2026-11-28T10:00', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=SA']]);
  });

  it('"de fin de journée" after a noun names it', () => {
    expect(all('tous les jours à 17h remplir le rapport de fin de journée', 'fr')).toEqual([['remplir le rapport de fin de journée', '2026-11-23T17:00', 'FREQ=DAILY']]);
    expect(one("rappelle-moi d'appeler Paul en fin de journée", 'fr')).toEqual(['appeler Paul', '2026-11-23T18:00', null]);
  });

  it('a correction said after the action, then another reminder; a bare number after a correction is a time', () => {
    expect(all('remind me tomorrow at 10am to attend the vendor meeting, no wait, 10:30am, and at 3pm to prepare the invoice', 'en')).toEqual([
      ['attend the vendor meeting', '2026-11-24T10:30', null],
      ['prepare the invoice', '2026-11-24T15:00', null],
    ]);
    expect(all("rappelle-moi demain à 10h d'aller à la réunion, non pardon 10h30, et à 15h de préparer la facture", 'fr')).toEqual([
      ['aller à la réunion', '2026-11-24T10:30', null],
      ['préparer la facture', '2026-11-24T15:00', null],
    ]);
    expect(one('remind me at 9pm to call the plumber, no wait make it 10', 'en')).toEqual(['call the plumber', '2026-11-23T22:00', null]);
    expect(one('remind me at 9 to call the plumber, sorry, 10', 'en')).toEqual(['call the plumber', '2026-11-23T22:00', null]);
  });

  it('leaves out "itself" after a date, a reported instruction, an exclamation said last, courtesies in more languages', () => {
    expect(one('remind me tomorrow evening itself to call the electrician', 'en')).toEqual(['call the electrician', '2026-11-24T20:00', null]);
    expect(one("maman a dit qu'il faut appeler tonton, rappelle-moi demain", 'fr')[0]).toBe('appeler tonton');
    expect(one('le docteur a dit que je dois prendre le sirop à 20h', 'fr')[0]).toBe('prendre le sirop');
    expect(one('call mum sunday at 6pm, oh god she will be so mad if I forget', 'en')[0]).toBe('call mum');
    expect(one('appeler mamie dimanche à 18h, mon dieu elle est toute seule', 'fr')[0]).toBe('appeler mamie');
    expect(one('remind me po every sunday at 7am to go to mass, salamat po', 'en')).toEqual(['go to mass', '2026-11-29T07:00', 'FREQ=WEEKLY;BYDAY=SU']);
    expect(one('pa bliye: bato pour Praslin samedi à 7h15, mersi bokou', 'fr')).toEqual(['bato pour Praslin', '2026-11-28T07:15', null]);
    expect(one("every weekday at 6am catch the bus, don't let me sleep lah", 'en')[0]).toBe('catch the bus');
    expect(one("toutes les 3 heures boire un verre d'eau 💧 dokter inn dir mwa", 'fr')[0]).toBe("boire un verre d'eau");
    // A "po" that names a thing stays.
    expect(one('send the PO to finance tomorrow at 10am', 'en')[0]).toBe('send the PO to finance');
  });

  it('a day after "since" / "depuis" says how long something has lasted, not when to remind', () => {
    expect(one('since monday I forgot to take the pill, remind me at 9pm', 'en')).toEqual(['take the pill', '2026-11-23T21:00', null]);
    expect(one("j'ai mal au dos depuis mardi, rappelle-moi demain d'appeler le kiné", 'fr')).toEqual(['appeler le kiné', '2026-11-24T09:00', null]);
    expect(one('remind me at 9pm to take the pill, I keep forgetting since friday', 'en')).toEqual(['take the pill', '2026-11-23T21:00', null]);
    // Alone, it gives no date: the bot asks when.
    expect(one('rappelle-moi depuis lundi', 'fr')[1]).toBeNull();
  });

  it('a time between "the" and its noun keeps the determiner with the noun', () => {
    expect(one('remind me to catch the 7:15 train tomorrow', 'en')).toEqual(['catch the train', '2026-11-24T07:15', null]);
    expect(one('buy tickets for the 8pm show on friday', 'en')[0]).toBe('buy tickets for the show');
    expect(one('remind me to call mum at 5pm tomorrow', 'en')[0]).toBe('call mum');
  });

  it('right after "remind me to", a filler that is also a verb is the verb', () => {
    expect(one('remind me at 5pm to ok the invoice', 'en')).toEqual(['ok the invoice', '2026-11-23T17:00', null]);
    expect(one('remind me friday to like the photo', 'en')[0]).toBe('like the photo');
    expect(one('remind me to, like, call mum tomorrow', 'en')[0]).toBe('call mum');
    expect(one('remind me to just call mum tomorrow', 'en')[0]).toBe('call mum');
  });
});

describe('long polite voice notes, reported instructions, starts said last (found by heldout-v2bd, none of its sentences)', () => {
  it('a greeting and the speaker introducing themselves before the request are no subject', () => {
    expect(one("Hi, it's Maureen here, could you remind me to give the dog his drops tonight", 'en')).toEqual(['give the dog his drops', '2026-11-23T20:00', null]);
    expect(one("G'day love, it's Bev, can you remind me tomorrow to ring the chemist, ta", 'en')[0]).toBe('ring the chemist');
    expect(one("Bonjour, c'est Gisèle, pourriez-vous me rappeler demain de prendre mon Levothyrox, merci ben gros", 'fr')[0]).toBe('prendre mon Levothyrox');
    expect(one('I wonder if you could remind me tomorrow to take my tablets. Thank you ever so much.', 'en')[0]).toBe('take my tablets');
  });

  it('what someone said, as a note, is the subject', () => {
    expect(one('Le véto a dit vermifuge pour Félix chaque mois le 1er, tu me le rappelles ?', 'fr')).toEqual(['vermifuge pour Félix', '2026-12-01T09:00', 'FREQ=MONTHLY;BYMONTHDAY=1']);
    expect(one('the nurse said two puffs every night at 9, can you remind me', 'en')).toEqual(['two puffs', '2026-11-23T21:00', 'FREQ=DAILY']);
    expect(one('mum said the party is at 7, remind me at 6pm to leave', 'en')[0]).toBe('leave');
  });

  it('a start said after the repetition starts it', () => {
    expect(all("piqûre d'anticoagulant un jour sur deux à 19h, à partir de jeudi", 'fr')).toEqual([["piqûre d'anticoagulant", '2026-11-26T19:00', 'FREQ=DAILY;INTERVAL=2']]);
    expect(all('take the iron pill every day at 8am, starting friday', 'en')).toEqual([['take the iron pill', '2026-11-27T08:00', 'FREQ=DAILY']]);
  });

  it('a request after context that says its own day ("ce soir", "in 2 hours") keeps it', () => {
    expect(one("le prof a dit que c'est demain l'exam, rappelle-moi ce soir de réviser", 'fr')).toEqual(['réviser', '2026-11-23T20:00', null]);
    expect(one('the exam is on friday, remind me in 2 hours to revise', 'en')).toEqual(['revise', '2026-11-23T12:00', null]);
    // A time alone still takes the context's day.
    expect(one('la réunion commence demain à 14h, rappelle-moi à 13h30 de préparer les slides', 'fr')).toEqual(['préparer les slides', '2026-11-24T13:30', null]);
  });
});

describe('texting students (found by heldout-v2be, none of its sentences)', () => {
  it('reads "tn" as tonight (lower case only)', () => {
    expect(one('remind me tn to send the group the slides', 'en')).toEqual(['send the group the slides', '2026-11-23T20:00', null]);
    expect(one('call the TN office tomorrow', 'en')[0]).toBe('call the TN office');
  });

  it('leaves out remarks said last: "ngl im …", "fr fr i …", a sigh emoji then a few words, "my turn", "X open then", "en plein …"', () => {
    expect(one('wake me up in 3 hrs for my shift ngl im so tired', 'en')[0]).toBe('my shift');
    expect(one('gym every monday 7am fr fr i need this', 'en')[0]).toBe('gym');
    expect(one('remind me every 2 hrs to drink water 🥲 exam szn', 'en')[0]).toBe('drink water');
    expect(one('réviser le partiel demain 😩 je vais mourir', 'fr')[0]).toBe('réviser le partiel');
    expect(one('recycling out every wednesday night, my turn this week', 'en')[0]).toBe('recycling out');
    expect(one('sortir les poubelles mardi soir, c\'est mon tour', 'fr')[0]).toBe('sortir les poubelles');
    expect(one('remind me at 9am to buy the tickets, sales open then', 'en')[0]).toBe('buy the tickets');
    expect(one("rappelle-moi toutes les 2h de m'étirer, en plein partiels je bouge plus", 'fr')[0]).toBe("m'étirer");
    // Someone's turn that is the task stays.
    expect(one('remind me to check whose turn it is tomorrow', 'en')[0]).toBe('check whose turn it is');
  });
});

describe('remarks in Creoles, patois and Pidgins said last (found by heldout-v2bc, none of its sentences)', () => {
  it('a clause opened by a Creole, patois or Pidgin subject pronoun is a remark', () => {
    expect(one('every friday 6pm call auntie inna Spanish Town, mi cyaan miss it again', 'en')[0]).toBe('call auntie inna Spanish Town');
    expect(one('remind me tomorrow to pay the plumber, me nah want no argument', 'en')[0]).toBe('pay the plumber');
    expect(one('rappelle-moi demain de payer la facture, mwen pa vle bliye', 'fr')[0]).toBe('payer la facture');
    expect(one('tous les samedis à 8h laver la case, zot la di la pluie i arrive', 'fr')[0]).toBe('laver la case');
    expect(one('arroser le jardin ce soir, lé sec partout', 'fr')[0]).toBe('arroser le jardin');
    expect(one('rappelle-moi lundi de rappeler le garage, tonton a di sa', 'fr')[0]).toBe('rappeler le garage');
  });

  it('other remarks said last: a verb with no "-s", Hindi "hai", an interjection before a clause, a wish', () => {
    expect(one('remind me at 6pm to collect Tunde from the airport, his bus reach early', 'en')[0]).toBe('collect Tunde from the airport');
    expect(one('every year on 5th march remind me to call mamaji, anniversary hai', 'en')[0]).toBe('call mamaji');
    expect(one('remind me on friday to top up the meter, ag man the power always goes', 'en')[0]).toBe('top up the meter');
    expect(one("rappelle-moi à minuit d'appeler tatie, bonne année à tous !", 'fr')[0]).toBe("appeler tatie");
    expect(all('tonight at 9 lock the gate and at 10pm check the alarm, sharp sharp', 'en').map((r) => r[0])).toEqual(['lock the gate', 'check the alarm']);
    expect(all('every day remind me 8am and 8pm take the vitamins lah, aiyo', 'en').map((r) => r[0])).toEqual(['take the vitamins', 'take the vitamins']);
    // A wish that is the task stays.
    expect(one('rappelle-moi demain de souhaiter bonne année à mamie', 'fr')[0]).toBe('souhaiter bonne année à mamie');
  });

  it('reads requests in Camfranglais, Réunion Creole and Pidgin', () => {
    expect(one('le tontine chaque dimanche à 15h chez Mama Rose, tu me remind stp', 'fr')[0]).toBe('le tontine chez Mama Rose');
    expect(one('chaque mardi sortir les poubelles, rappelle à moin', 'fr')[0]).toBe('sortir les poubelles');
    expect(one('oga remind me tomorrow by 8am make I carry the car go mechanic', 'en')[0]).toBe('carry the car go mechanic');
    expect(one('pay the rent friday, abeg remind me make I do am', 'en')[0]).toBe('pay the rent');
  });
});

describe('a representative week, second look (found by heldout-v2bb, none of its sentences)', () => {
  it('days beside "every month" each with a bare verb are as many reminders', () => {
    expect(all("chaque mois, le 5 payer l'assurance et le 25 verser l'argent de poche", 'fr')).toEqual([
      ["payer l'assurance", '2026-12-05T09:00', 'FREQ=MONTHLY;BYMONTHDAY=5'],
      ["verser l'argent de poche", '2026-11-25T09:00', 'FREQ=MONTHLY;BYMONTHDAY=25'],
    ]);
    expect(all('every month, on the 5th pay the insurance and on the 25th send pocket money', 'en').map((r) => r[2])).toEqual(['FREQ=MONTHLY;BYMONTHDAY=5', 'FREQ=MONTHLY;BYMONTHDAY=25']);
    // Days alone stay one reminder's days.
    expect(all('tous les mois le 10 et le 25 relever le compteur', 'fr')).toEqual([['relever le compteur', '2026-11-25T09:00', 'FREQ=MONTHLY;BYMONTHDAY=10,25']]);
  });

  it('"note-le" said last is the request', () => {
    expect(all('lundi à 9h appeler le garage et mardi déposer la voiture, note-le stp', 'fr').map((r) => r[0])).toEqual(['appeler le garage', 'déposer la voiture']);
  });
});

describe('more languages mixed in (found by heldout-v2bg, none of its sentences)', () => {
  it('leaves out remarks, thanks and wishes said last in Spanish, Portuguese, Italian, Turkish', () => {
    expect(one('rappelle-moi lundi de fermer le magasin, sağ ol', 'fr')[0]).toBe('fermer le magasin');
    expect(one('payer le loyer le 1er de chaque mois, que no se me olvide', 'fr')[0]).toBe('payer le loyer');
    expect(one("every sunday 9am brunch at tía Rosa's, no me dejes olvidar", 'en')[0]).toBe("brunch at tía Rosa's");
    expect(one('every tuesday 7pm choir practice, insomma busy busy', 'en')[0]).toBe('choir practice');
    expect(one('remind me at midnight to call my mum, happy new year everybody!', 'en')[0]).toBe('call my mum');
  });

  it('reads a correction said in Portuguese or Italian', () => {
    expect(one('jeudi à 10h, no scusa, 10h30, rendez-vous chez le notaire', 'fr')).toEqual(['rendez-vous chez le notaire', '2026-11-26T10:30', null]);
    expect(one('lundi à 9h euh não espera 9h30 renouveler le passeport', 'fr')).toEqual(['renouveler le passeport', '2026-11-30T09:30', null]);
  });

  it('other remarks said last: "going for a nap", "big day for …", "lol" and a few words', () => {
    expect(one('in 30 mins check the rice, going for a quick nap', 'en')[0]).toBe('check the rice');
    expect(one('remind me in 8 hours to leave for the airport, big day for the family', 'en')[0]).toBe('leave for the airport');
    expect(one('every year on the 29th of feb remind me to call uncle Sam lol poor guy', 'en')[0]).toBe('call uncle Sam');
    expect(one('sortir le poulet du congélateur dans trois heures, ya3ni sinon ça dégèlera pas', 'fr')[0]).toBe('sortir le poulet du congélateur');
  });

  it('one word after the request, after a pause, is whom it is said to', () => {
    expect(one('jummah every friday at 1pm, remind me bhai', 'en')[0]).toBe('jummah');
    // Without the pause it is the subject.
    expect(one("c'mere remind me gym every monday at 6pm", 'en')[0]).toBe('gym');
  });
});

describe('voice notes, parents and traders, third look (found by heldout-v2bf, v2bh and v2bi, none of their sentences)', () => {
  it('leaves out blessings, endearments after thanks, "that\'s it diolch", "pis merci là", "asteur que j\'y pense"', () => {
    expect(one('Check the back door is locked every night at 10pm, bless you', 'en')).toEqual(['Check the back door is locked', '2026-11-23T22:00', 'FREQ=DAILY']);
    expect(one('remind me every friday at 6pm for choir thank you sugar', 'en')[0]).toBe('choir');
    expect(one("remind me tomorrow to ring the bank that's it diolch", 'en')[0]).toBe('ring the bank');
    expect(one('blue bin out every tuesday at 7pm, cheers drive', 'en')[0]).toBe('blue bin out');
    expect(one('rappelle-moi dans deux heures de sortir le chien pis merci là', 'fr')[0]).toBe('sortir le chien');
    expect(one("fais-moi penser d'appeler le garage demain matin asteur que j'y pense", 'fr')[0]).toBe('appeler le garage');
  });

  it('someone\'s news said first is why, not what', () => {
    expect(one("cafe's been flat out, pay the casuals every thursday", 'en')[0]).toBe('pay the casuals');
    expect(one("half term's over, school run every weekday at 8:20am", 'en')[0]).toBe('school run');
    expect(one("so the doctor's put me on these new tablets remind me every morning at 7 to take my pill cheers", 'en')).toEqual(['take my pill', '2026-11-24T07:00', 'FREQ=DAILY']);
    expect(one("the boiler's packed in again so can you remind me tomorrow at 10am to phone the council cheers pal", 'en')[0]).toBe('phone the council');
    // A possession that names an event stays context only where a request follows it.
    expect(one("mum's birthday remind me on friday to buy a card", 'en')[0]).toBe('buy a card');
  });

  it('the end said again as what it is ("…, end of term") is no subject', () => {
    expect(one('school pickup every weekday at 3pm until december 18th, end of term', 'en')[0]).toBe('school pickup');
    expect(one('remind me to sign the end of term report tomorrow', 'en')[0]).toBe('sign the end of term report');
  });

  it('a start named by the event it is ("à partir de la rentrée lundi 4 janvier")', () => {
    expect(one("à partir de la rentrée lundi 4 janvier, rappelle-moi du lundi au vendredi à 7h15 d'emmener les enfants à l'école", 'fr')).toEqual(["emmener les enfants à l'école", '2027-01-04T07:15', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR']);
  });
});

describe('repetitions and a representative week, fourth look (found by heldout-v2bj and heldout-v2bm, none of their sentences)', () => {
  it('a subject said after a comma that ends the dates is the subject, even with a word a remark could end on', () => {
    expect(one('until december 20th, put the eye drops in every night', 'en')).toEqual(['put the eye drops in', '2026-11-23T20:00', 'FREQ=DAILY;UNTIL=20261220T225959Z']);
    expect(one('every night at 9:30pm until december 20th, put the drops in', 'en')[0]).toBe('put the drops in');
  });

  it('Quebec "faque" said first is no subject', () => {
    expect(all('faque à tous les jours à 7h pis à 19h checker les pompes', 'fr').map((r) => r[0])).toEqual(['checker les pompes', 'checker les pompes']);
    expect(one('faque demain midi appeler le garage', 'fr')[0]).toBe('appeler le garage');
  });

  it('reads "rappelle-les-moi", "hold me to it"; "at St. Patrick\'s" is a place', () => {
    expect(one('cours de yoga les lundis et jeudis à 18h, 8 fois en tout, rappelle-les-moi stp', 'fr')).toEqual(['cours de yoga', '2026-11-23T18:00', 'FREQ=WEEKLY;BYDAY=MO,TH;COUNT=8']);
    expect(one('spin class every mon wed fri 6am, hold me to it', 'en')[0]).toBe('spin class');
    expect(one("remind me every sunday at 10:30 to go to mass at St. Patrick's", 'en')).toEqual(["go to mass at St. Patrick's", '2026-11-29T10:30', 'FREQ=WEEKLY;BYDAY=SU']);
    expect(one("parade on st patrick's day at 11am", 'en')).toEqual(['parade', '2027-03-17T11:00', null]);
  });
});

describe('languages mixed in, fourth look (found by heldout-v2bk, none of its sentences)', () => {
  it('leaves out thanks, blessings and remarks in Lingala, Kreyòl, Kabyle, Réunion Creole, Twi, Luganda, Urdu, Tagalog', () => {
    expect(all('mardi 14h rendez-vous à la mairie et mercredi 10h coiffeur pour Grâce, matondo mingi', 'fr').map((r) => r[0])).toEqual(['rendez-vous à la mairie', 'coiffeur pour Grâce']);
    expect(one('tous les jeudis soir appeler tata, ur tettu ara', 'fr')[0]).toBe('appeler tata');
    expect(one('tous les samedis à 7h marché de Saint-Paul, pa oubli amoin', 'fr')[0]).toBe('marché de Saint-Paul');
    expect(one('remind me every friday at 5pm to buy matooke, webale nnyo', 'en')[0]).toBe('buy matooke');
    expect(one('chale remind me every sunday 2pm to call my maa, ebi important', 'en')[0]).toBe('call my maa');
    expect(one('every sunday at 10am tuition for Zara, bas itna hi', 'en')[0]).toBe('tuition for Zara');
    expect(one('remind me every 3 hours to give Abbu his medicine, Allah khair kare', 'en')[0]).toBe('give Abbu his medicine');
    expect(one("every weekday at 5:30 am remind me to prepare baon for the kids, kaya ko 'to", 'en')[0]).toBe('prepare baon for the kids');
    expect(one('remind me every day at 8:30pm to take my metformin, ay naku I always forget', 'en')[0]).toBe('take my metformin');
  });

  it('reads Kreyòl "chak", Réunion "oté" and "zot i sava ?" said first, Tagalog "pa-remind naman po"', () => {
    expect(all('chak lundi à 17h réunion du comité et chaque jeudi à 18h répétition de la chorale', 'fr').map((r) => r[2])).toEqual(['FREQ=WEEKLY;BYDAY=MO', 'FREQ=WEEKLY;BYDAY=TH']);
    expect(one('oté ! tous les samedis à 7h marché de Saint-Pierre', 'fr')[0]).toBe('marché de Saint-Pierre');
    expect(one('zot i sava ? vendredi à 9h appeler la CAF', 'fr')[0]).toBe('appeler la CAF');
    expect(one('pa-remind naman po every sunday 5pm to video call Lola, salamat po', 'en')).toEqual(['video call Lola', '2026-11-29T17:00', 'FREQ=WEEKLY;BYDAY=SU']);
  });
});
