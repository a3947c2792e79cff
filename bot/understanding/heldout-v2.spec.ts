import { resolve } from 'node:path';
import { readCases, reportScore, score } from './evaluation';
import { Language } from './types';
import { understand } from './understand';

const fixtures = resolve(__dirname, 'fixtures');

describe('version-2 sets (fixtures/heldout-v2.jsonl, see heldout-v2.README.md; sample2.jsonl)', () => {
  const cases = readCases(resolve(fixtures, 'heldout-v2.jsonl'));

  it('holds at least 150 hand-computed cases of each kind, in both languages and many zones', () => {
    expect(cases.length).toBeGreaterThanOrEqual(150);
    const kind = (c: (typeof cases)[number]) => (c.reminders ? 'several' : c.rrule ? 'repeating' : 'one-off');
    for (const k of ['several', 'repeating', 'one-off']) expect(cases.filter((c) => kind(c) === k).length).toBeGreaterThanOrEqual(30);
    expect(cases.filter((c) => c.language === 'fr').length).toBeGreaterThanOrEqual(60);
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
    expect(new Set(cases.map((c) => c.timezone)).size).toBeGreaterThanOrEqual(15);
  });

  it('scores the held-out set and reports the figures', () => {
    const result = score(cases);
    reportScore('heldout-v2', result);
    // 87.2 % (both) before the fixes below; 100 % after them.
    expect(result.dateAccuracy).toBeGreaterThanOrEqual(0.98);
    expect(result.subjectAccuracy).toBeGreaterThanOrEqual(0.98);
    expect(result.bothAccuracy).toBeGreaterThanOrEqual(0.98);
  });

  it('scores the second batch (fixtures/heldout-v2b.jsonl), written after the first batch\'s fixes', () => {
    const batch = readCases(resolve(fixtures, 'heldout-v2b.jsonl'));
    expect(batch.length).toBeGreaterThanOrEqual(100);
    const result = score(batch);
    reportScore('heldout-v2b', result);
    // 97.3 % (both) as first scored (one of its misses was an error in the set); 100 % after the fixes below.
    expect(result.bothAccuracy).toBeGreaterThanOrEqual(0.98);
  });

  it('scores the third batch (fixtures/heldout-v2c.jsonl), written after the second batch\'s fixes', () => {
    const batch = readCases(resolve(fixtures, 'heldout-v2c.jsonl'));
    expect(batch.length).toBeGreaterThanOrEqual(80);
    const result = score(batch);
    reportScore('heldout-v2c', result);
    // 89.4 % (both) as first scored; 100 % after the fixes below.
    expect(result.bothAccuracy).toBeGreaterThanOrEqual(0.98);
  });

  it('scores the fourth batch (fixtures/heldout-v2d.jsonl), a fresh set written after the third batch\'s fixes', () => {
    const batch = readCases(resolve(fixtures, 'heldout-v2d.jsonl'));
    expect(batch.length).toBeGreaterThanOrEqual(150);
    const result = score(batch);
    reportScore('heldout-v2d', result);
    // 96.05 % (both) as first scored; 100 % after the fixes below.
    expect(result.bothAccuracy).toBeGreaterThanOrEqual(0.98);
  });

  it('scores the fifth batch (fixtures/heldout-v2e.jsonl), a fresh set written after the fourth batch\'s fixes', () => {
    const batch = readCases(resolve(fixtures, 'heldout-v2e.jsonl'));
    expect(batch.length).toBeGreaterThanOrEqual(200);
    expect(new Set(batch.map((c) => c.timezone)).size).toBeGreaterThanOrEqual(10);
    const result = score(batch);
    reportScore('heldout-v2e', result);
    // 94.31 % (both) as first scored; 100 % after the fixes below.
    expect(result.bothAccuracy).toBeGreaterThanOrEqual(0.98);
  });

  it('scores the sixth batch (fixtures/heldout-v2f.jsonl), a fresh set written after the fifth batch\'s fixes', () => {
    const batch = readCases(resolve(fixtures, 'heldout-v2f.jsonl'));
    expect(batch.length).toBeGreaterThanOrEqual(240);
    const result = score(batch);
    reportScore('heldout-v2f', result);
    // 97.08 % (both) as first scored; one disputed expectation ("remind me mon wed and fri at 6am",
    // read as three one-offs by rule 16, left as a miss); 99.58 % after the fixes tested in
    // robustness.spec.ts.
    expect(result.bothAccuracy).toBeGreaterThanOrEqual(0.98);
    expect(result.failures.length).toBeLessThanOrEqual(1);
  });

  it('scores the seventh batch (fixtures/heldout-v2g.jsonl), a fresh set written after the sixth batch\'s fixes', () => {
    const batch = readCases(resolve(fixtures, 'heldout-v2g.jsonl'));
    expect(batch.length).toBeGreaterThanOrEqual(300);
    const result = score(batch);
    reportScore('heldout-v2g', result);
    // 98.67 % (both) as first scored; repeating 96 %. 100 % after the fixes tested in
    // robustness.spec.ts (weekday ranges, "on a thursday", "until the 10th of april").
    expect(result.bothAccuracy).toBeGreaterThanOrEqual(0.98);
  });

  it('scores the eighth batch (fixtures/heldout-v2h.jsonl), a fresh set weighted to repeats, written after the seventh batch\'s fixes', () => {
    const batch = readCases(resolve(fixtures, 'heldout-v2h.jsonl'));
    expect(batch.length).toBeGreaterThanOrEqual(240);
    const result = score(batch);
    reportScore('heldout-v2h', result);
    // 95.0 % (both) as first scored; repeating 91.43 %. 97.08 % after the first fixes tested in
    // robustness.spec.ts (glued interval units, "tt les", "le lundi pis le jeudi", "every 15th and
    // 30th", "every arvo"); 100 % after the rest ("le mardi c'est …", a repetition said last, a meal
    // after a repetition).
    expect(result.bothAccuracy).toBeGreaterThanOrEqual(0.98);
  });

  it('scores the ninth batch (fixtures/heldout-v2i.jsonl), a fresh set weighted to repeats, written after the eighth batch\'s fixes', () => {
    const batch = readCases(resolve(fixtures, 'heldout-v2i.jsonl'));
    expect(batch.length).toBeGreaterThanOrEqual(200);
    const result = score(batch);
    reportScore('heldout-v2i', result);
    // 98.0 % (both) as first scored, repeating 96.67 %; 100 % after the fixes listed in
    // heldout-v2.README.md ("Ninth batch").
    expect(result.bothAccuracy).toBe(1);
  });

  it.each([
    // [set, required score (both)]: first scored 95.0 % and 97.0 % (heldout-v2.README.md); 100 % after the fixes there.
    ['heldout-v2j', 1],
    ['heldout-v2k', 1],
    // First scored 98.33 % and 93.33 % (heldout-v2.README.md, twelfth and thirteenth batches);
    // after the fixes there 100 % but v2l's disputed case ("le dernier vendredi du mois" alone).
    ['heldout-v2l', 0.99],
    ['heldout-v2m', 1],
    // First scored 96.67 % and 68.33 % (heldout-v2.README.md, fourteenth and fifteenth batches); 100 % after the fixes there.
    ['heldout-v2n', 1],
    ['heldout-v2o', 1],
    // First scored 78.33 % and 94.17 % (heldout-v2.README.md, sixteenth and seventeenth batches); 100 % after the fixes there.
    ['heldout-v2p', 1],
    ['heldout-v2q', 1],
    // First scored 94.17 % and 91.67 % (heldout-v2.README.md, eighteenth and nineteenth batches);
    // 97.5 % and 99.17 % after the fixes there (four misses left, recorded there); v2r 98.33 % after
    // the twentieth batch's fixes (", physio's orders"), 99.17 % after the twenty-sixth batch's
    // ("… so remind me at 7am and 7pm to …": the context before the request is no subject).
    ['heldout-v2r', 0.99],
    ['heldout-v2s', 0.99],
    // First scored 91.67 % and 88.33 % (heldout-v2.README.md, twentieth and twenty-first batches); 100 % after the fixes there.
    ['heldout-v2t', 1],
    ['heldout-v2u', 1],
    // First scored 99.17 % and 82.5 % (heldout-v2.README.md, twenty-second and twenty-third
    // batches); 100 % and 98.33 % after the fixes there (two misses left, recorded there).
    ['heldout-v2v', 1],
    ['heldout-v2w', 0.98],
    // First scored 95.83 % and 90 % (heldout-v2.README.md, twenty-fourth and twenty-fifth batches);
    // 100 % and 97.5 % after the fixes there (three misses left, recorded there).
    ['heldout-v2x', 1],
    ['heldout-v2y', 0.975],
    // First scored 91.67 % and 95 % (heldout-v2.README.md, twenty-sixth and twenty-seventh batches);
    // 99.17 % and 100 % after the fixes there (one miss left, recorded there).
    ['heldout-v2z', 0.99],
    ['heldout-v2aa', 1],
    // First scored 94.17 % and 97.5 % (heldout-v2.README.md, twenty-eighth and twenty-ninth batches); 100 % after the fixes there.
    ['heldout-v2ab', 1],
    ['heldout-v2ac', 1],
    // First scored 92.5 % and 89.17 % (heldout-v2.README.md, thirtieth and thirty-first batches);
    // 100 % and 95.83 % after the fixes there (five misses left, recorded there).
    ['heldout-v2ad', 1],
    ['heldout-v2ae', 0.95],
    // First scored 96.67 % and 97.5 % (heldout-v2.README.md, thirty-second and thirty-third
    // batches); 99.17 % each after the fixes there (one miss left in each, recorded there).
    ['heldout-v2af', 0.99],
    ['heldout-v2ag', 0.99],
    // First scored 96.67 % and 93.33 % (heldout-v2.README.md, thirty-fourth and thirty-fifth batches); 100 % after the fixes there.
    ['heldout-v2ah', 1],
    ['heldout-v2ai', 1],
    // First scored 96.67 % and 95.83 % (heldout-v2.README.md, thirty-sixth and thirty-seventh batches); 100 % after the fixes there.
    ['heldout-v2aj', 1],
    ['heldout-v2ak', 1],
    // First scored 84.17 % and 90 % (heldout-v2.README.md, thirty-eighth and thirty-ninth batches);
    // 99.17 % and 100 % after the fixes there (one miss left, recorded there).
    ['heldout-v2al', 0.99],
    ['heldout-v2am', 1],
    // First scored 98.33 % and 99.17 % (heldout-v2.README.md, fortieth and forty-first batches); 100 % after the fixes there.
    ['heldout-v2an', 1],
    ['heldout-v2ao', 1],
    // First scored 94.17 % and 97.5 % (heldout-v2.README.md, forty-second and forty-third batches); 100 % after the fixes there.
    ['heldout-v2ap', 1],
    ['heldout-v2aq', 1],
    // First scored 87.5 % and 94.17 % (heldout-v2.README.md, forty-fourth and forty-fifth batches);
    // 98.33 % and 100 % after the fixes there (two misses left, recorded there).
    ['heldout-v2ar', 0.98],
    ['heldout-v2as', 1],
    // First scored 85.83 % and 97.5 % (heldout-v2.README.md, forty-sixth and forty-seventh batches);
    // 99.17 % and 100 % after the fixes there (one miss left, recorded there).
    ['heldout-v2at', 0.99],
    ['heldout-v2au', 1],
    // First scored 94.17 % and 92.5 % (heldout-v2.README.md, forty-eighth and forty-ninth batches);
    // 100 % and 98.33 % after the fixes there (two misses left, recorded there).
    ['heldout-v2av', 1],
    ['heldout-v2aw', 0.98],
    // First scored 95.83 %, 90.83 %, 93.33 % and 98.33 % (heldout-v2.README.md, fiftieth to fifty-third
    // batches, written as four after the forty-ninth's fixes); 99.17 %, 99.17 %, 99.17 % and 100 %
    // after the fixes there (three misses left, recorded there).
    ['heldout-v2ax', 0.99],
    ['heldout-v2ay', 0.99],
    ['heldout-v2az', 0.99],
    ['heldout-v2ba', 1],
    // First scored 98.33 %, 86.67 %, 95.83 % and 94.17 % (heldout-v2.README.md, fifty-fourth to
    // fifty-seventh batches, written as four after the fifty-third's fixes); 100 % after the fixes there.
    ['heldout-v2bb', 1],
    ['heldout-v2bc', 1],
    ['heldout-v2bd', 1],
    ['heldout-v2be', 1],
    // First scored 99.17 %, 85.83 %, 94.17 % and 95.83 % (heldout-v2.README.md, fifty-eighth to
    // sixty-first batches, written as four after the fifty-seventh's fixes); 100 %, 99.17 %, 100 % and
    // 99.17 % after the fixes there (two misses left, recorded there).
    ['heldout-v2bf', 1],
    ['heldout-v2bg', 0.99],
    ['heldout-v2bh', 1],
    ['heldout-v2bi', 0.99],
    // First scored 98.33 %, 90 %, 99.17 % and 98.33 % (heldout-v2.README.md, sixty-second to
    // sixty-fifth batches, written as four after the sixty-first's fixes); 100 % after the fixes there.
    ['heldout-v2bj', 1],
    ['heldout-v2bk', 1],
    ['heldout-v2bl', 1],
    ['heldout-v2bm', 1],
  ])('scores the blind set %s (tenth to sixty-fifth batches, written in pairs after the ninth, eleventh, thirteenth, fifteenth, seventeenth, nineteenth, twenty-first, twenty-third, twenty-fifth, twenty-seventh, twenty-ninth, thirty-first, thirty-third, thirty-fifth, thirty-seventh, thirty-ninth, forty-first, forty-third, forty-fifth and forty-seventh batches\' fixes, and in fours after the forty-ninth\'s, the fifty-third\'s, the fifty-seventh\'s and the sixty-first\'s)', (name, first) => {
    const batch = readCases(resolve(fixtures, `${name}.jsonl`));
    expect(batch.length).toBeGreaterThanOrEqual(120);
    expect(new Set(batch.map((c) => c.timezone)).size).toBeGreaterThanOrEqual(12);
    const result = score(batch);
    reportScore(name, result);
    expect(result.bothAccuracy).toBeGreaterThanOrEqual(first);
  });

  it('scores the public version-2 sample', () => {
    const result = score(readCases(resolve(fixtures, 'sample2.jsonl')));
    reportScore('sample2', result);
    expect(result.failures.map((f) => f.case.id)).toEqual([]);
  });
});

const at = {
  paris: ['Europe/Paris', '2026-04-15T10:20:00+02:00'], // Wednesday
  geneva: ['Europe/Zurich', '2026-04-15T10:20:00+02:00'],
  montreal: ['America/Toronto', '2026-04-15T10:20:00-04:00'],
  la: ['America/Los_Angeles', '2026-04-15T10:20:00-07:00'],
  brussels: ['Europe/Brussels', '2026-04-15T10:20:00+02:00'],
} as const;

function all(text: string, language: Language, where: keyof typeof at = 'paris') {
  const [timezone, now] = at[where];
  const r = understand(text, { now, timezone, language });
  return (r.reminders ?? [r]).map((x) => ({ due: 'dueLocal' in x ? x.dueLocal : null, rrule: x.rrule ?? null, subject: x.subject }));
}

describe('general fixes found by the version-2 held-out set', () => {
  it('reads "the last friday / day of the month" as the next one, this month or the next', () => {
    expect(all('remind me on the last friday of the month to send the newsletter', 'en')).toEqual([
      { due: '2026-04-24T09:00', rrule: null, subject: 'send the newsletter' },
    ]);
    expect(all('remind me on the last day of the month to pay rent', 'en')[0].due).toBe('2026-04-30T09:00');
    expect(all('rappelle-moi le dernier vendredi du mois de payer la cantine', 'fr')[0]).toEqual({
      due: '2026-04-24T09:00',
      rrule: null,
      subject: 'payer la cantine',
    });
    expect(all('rappelle-moi le dernier jour du mois de faire les comptes', 'fr')[0].due).toBe('2026-04-30T09:00');
    // The first Monday of April has passed: May's.
    expect(all('rappelle-moi le premier lundi du mois de relever le courrier', 'fr')[0].due).toBe('2026-05-04T09:00');
  });

  it('reads "sur l\'heure du dîner" as the meal time of the region', () => {
    expect(all("rappelle-moi sur l'heure du dîner d'appeler maman", 'fr', 'geneva')[0]).toEqual({
      due: '2026-04-15T12:00',
      rrule: null,
      subject: 'appeler maman',
    });
    expect(all("rappelle-moi sur l'heure du dîner d'appeler maman", 'fr')[0].due).toBe('2026-04-15T20:00');
  });

  it('applies a repetition said after the times to the parts before it', () => {
    expect(all('remind me to take my tablets at 8am and 8pm every day', 'en')).toEqual([
      { due: '2026-04-16T08:00', rrule: 'FREQ=DAILY', subject: 'take my tablets' },
      { due: '2026-04-15T20:00', rrule: 'FREQ=DAILY', subject: 'take my tablets' },
    ]);
    // Said before its own time, it governs only its own part.
    expect(all('remind me at 7pm to call Paul and every day at 8am to take my pill', 'en').map((r) => r.rrule)).toEqual([null, 'FREQ=DAILY']);
  });

  it('reads weekday lists without commas', () => {
    expect(all('water the lawn every tuesday thursday and saturday at 6am', 'en')[0].rrule).toBe('FREQ=WEEKLY;BYDAY=TU,TH,SA');
    expect(all('arroser tous les lundis mercredis et vendredis à 7h', 'fr')[0].rrule).toBe('FREQ=WEEKLY;BYDAY=MO,WE,FR');
  });

  it('reads "every" before a calendar date as a yearly repetition', () => {
    expect(all('remind me every 4th of july to buy fireworks', 'en', 'la')).toEqual([
      { due: '2026-07-04T09:00', rrule: 'FREQ=YEARLY;BYMONTH=7;BYMONTHDAY=4', subject: 'buy fireworks' },
    ]);
    expect(all('rappelle-moi chaque 14 juillet de sortir le drapeau', 'fr')[0]).toEqual({
      due: '2026-07-14T09:00',
      rrule: 'FREQ=YEARLY;BYMONTH=7;BYMONTHDAY=14',
      subject: 'sortir le drapeau',
    });
  });

  it('knows the reminding verb in all its forms, and the French future', () => {
    expect(all("i'd love it if you reminded me to text Jake at 9pm", 'en')[0].subject).toBe('text Jake');
    expect(all('would you mind reminding me to ring the plumber tomorrow', 'en')[0].subject).toBe('ring the plumber');
    expect(all("tu me rappelleras d'appeler le garagiste demain à 10h", 'fr')[0].subject).toBe('appeler le garagiste');
  });

  it('never joins the words on either side of a repetition ("à 18h jusqu\'au 31 août" is no 18:31)', () => {
    expect(all("rappelle-moi tous les jours à 18h jusqu'au 31 août d'arroser le jardin", 'fr')).toEqual([
      { due: '2026-04-15T18:00', rrule: 'FREQ=DAILY;UNTIL=20260831T215959Z', subject: 'arroser le jardin' },
    ]);
  });

  it('cuts a date word after "until" without eating into the next words', () => {
    expect(all('remind me every day at 10pm until may 1 to log my meals', 'en')[0].subject).toBe('log my meals');
  });

  it('reads weekday words anywhere as a possible repetition ("le mardi et le vendredi" at the start)', () => {
    expect(all("le mardi et le vendredi rappelle-moi d'aller à la piscine", 'fr')).toEqual([
      { due: '2026-04-17T09:00', rrule: 'FREQ=WEEKLY;BYDAY=TU,FR', subject: 'aller à la piscine' },
    ]);
  });

  it('knows the Quebec weekend and school days', () => {
    expect(all("rappelle-moi toutes les fins de semaine de laver l'auto", 'fr', 'montreal')[0]).toEqual({
      due: '2026-04-18T09:00',
      rrule: 'FREQ=WEEKLY;BYDAY=SA,SU',
      subject: "laver l'auto",
    });
    expect(all('remind me every school day at 7am to wake the kids', 'en')[0]).toEqual({
      due: '2026-04-16T07:00',
      rrule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
      subject: 'wake the kids',
    });
  });
});

describe('general fixes found by the third version-2 batch (89.4 % before, 100 % after)', () => {
  it('reads "every day except …" as the week without those days', () => {
    expect(all('rappelle-moi tous les jours sauf le week-end à 7h de partir', 'fr')[0]).toEqual({
      due: '2026-04-16T07:00',
      rrule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
      subject: 'partir',
    });
    expect(all('remind me every day except sunday at 8am to run', 'en')[0].rrule).toBe('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR,SA');
  });

  it('moves a one-off "first saturday of the month" said that Saturday after its time to next month', () => {
    const [timezone, now] = ['Europe/Paris', '2026-04-04T12:00:00+02:00']; // the first Saturday of April
    const r = understand("rappelle-moi le premier samedi du mois d'aller à la bibliothèque", { now, timezone, language: 'fr' });
    expect('dueLocal' in r && r.dueLocal).toBe('2026-05-02T09:00');
  });

  it('gives a repetition that names no day the days said beside it', () => {
    expect(all('remind me on monday and thursday every week at 7am to go running', 'en')).toEqual([
      { due: '2026-04-16T07:00', rrule: 'FREQ=WEEKLY;BYDAY=MO,TH', subject: 'go running' },
    ]);
    expect(all('rappelle-moi tous les mois le 10 et le 25 de payer les ouvriers', 'fr')).toEqual([
      { due: '2026-04-25T09:00', rrule: 'FREQ=MONTHLY;BYMONTHDAY=10,25', subject: 'payer les ouvriers' },
    ]);
  });

  it('reads lists of days of the month', () => {
    expect(all('remind me every month on the 10th and the 25th to pay the workers', 'en')[0].rrule).toBe('FREQ=MONTHLY;BYMONTHDAY=10,25');
    expect(all('rappelle-moi le 1er et le 15 de chaque mois de payer', 'fr')[0].rrule).toBe('FREQ=MONTHLY;BYMONTHDAY=1,15');
  });

  it('reads "every 15th" as monthly and "tous les deux mercredis", "aux deux semaines" as every other', () => {
    expect(all('remind me every 15th to pay the condo fee', 'en')[0]).toEqual({ due: '2026-05-15T09:00', rrule: 'FREQ=MONTHLY;BYMONTHDAY=15', subject: 'pay the condo fee' });
    expect(all('rappelle-moi tous les deux mercredis de payer la femme de ménage', 'fr')[0].rrule).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=WE');
    expect(all('rappelle-moi aux deux semaines le vendredi de payer la gardienne', 'fr', 'montreal')[0].rrule).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=FR');
  });

  it('reads "twice a day" / "deux fois par jour" with its times as daily reminders', () => {
    expect(all('remind me twice a day at 8am and 8pm to feed the fish', 'en')).toEqual([
      { due: '2026-04-16T08:00', rrule: 'FREQ=DAILY', subject: 'feed the fish' },
      { due: '2026-04-15T20:00', rrule: 'FREQ=DAILY', subject: 'feed the fish' },
    ]);
    expect(all('rappelle-moi deux fois par jour à 9h et à 21h de boire', 'fr').map((r) => r.rrule)).toEqual(['FREQ=DAILY', 'FREQ=DAILY']);
  });

  it('reads "set a reminder for me to" and "mets-moi un rappel pour" after a way of asking', () => {
    expect(all('could you set a reminder for me to renew my passport tomorrow', 'en')[0].subject).toBe('renew my passport');
    expect(all('tu peux me mettre un rappel pour appeler Paul demain', 'fr')[0].subject).toBe('appeler Paul');
  });
});

describe('general fixes found by the fourth version-2 batch (96.05 % before, 100 % after)', () => {
  it('reads "every 30 minutes" / "toutes les 30 minutes" as FREQ=MINUTELY from now, never under five minutes', () => {
    expect(all('remind me every 30 minutes to check the smoker', 'en')).toEqual([
      { due: '2026-04-15T10:50', rrule: 'FREQ=MINUTELY;INTERVAL=30', subject: 'check the smoker' },
    ]);
    expect(all('rappelle-moi toutes les 45 minutes de bouger', 'fr')).toEqual([
      { due: '2026-04-15T11:05', rrule: 'FREQ=MINUTELY;INTERVAL=45', subject: 'bouger' },
    ]);
    // Under five minutes is a timer, not a reminder: no repetition is read, so the bot asks when.
    expect(all('remind me every 2 minutes to breathe', 'en')[0].rrule).toBeNull();
    expect(all('remind me every minute to breathe', 'en')[0].rrule).toBeNull();
  });

  it('reads "every fortnight" as every other week, not as a night', () => {
    expect(all('remind me every fortnight on thursday to put the bins out', 'en')).toEqual([
      { due: '2026-04-16T09:00', rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TH', subject: 'put the bins out' },
    ]);
  });

  it('reads any plural weekday as a habit ("on wednesdays and fridays", "tuesdays")', () => {
    expect(all('remind me on wednesdays and fridays at 5pm to pick up the kids', 'en')[0]).toEqual({
      due: '2026-04-15T17:00',
      rrule: 'FREQ=WEEKLY;BYDAY=WE,FR',
      subject: 'pick up the kids',
    });
    expect(all('remind me tuesdays at 7pm to call grandma', 'en')[0].rrule).toBe('FREQ=WEEKLY;BYDAY=TU');
  });

  it('joins two reminders with the Quebec "pis" like "puis"', () => {
    expect(all("rappelle-moi de pelleter l'entrée demain matin pis de saler les marches à midi", 'fr', 'montreal')).toEqual([
      { due: '2026-04-16T09:00', rrule: null, subject: "pelleter l'entrée" },
      { due: '2026-04-16T12:00', rrule: null, subject: 'saler les marches' },
    ]);
  });

  it('keeps "do" in "to do yoga" (only "todo:" / "to-do:" is a list heading)', () => {
    expect(all('remind me thursday at 8am and saturday at 8am to do yoga', 'en').map((r) => r.subject)).toEqual(['do yoga', 'do yoga']);
    expect(all('todo: call the bank tomorrow', 'en')[0].subject).toBe('call the bank');
  });
});

describe('general fixes found by the fifth version-2 held-out set (heldout-v2e)', () => {
  it('reads "the end of <month>" / "fin <mois>" as that month\'s last day, also as an UNTIL', () => {
    expect(all('remind me every morning at 7 until the end of may to water the seedlings', 'en')).toEqual([
      { due: '2026-04-16T07:00', rrule: 'FREQ=DAILY;UNTIL=20260531T215959Z', subject: 'water the seedlings' },
    ]);
    expect(all("rappelle-moi tous les soirs jusqu'à fin mai d'arroser les semis", 'fr')).toEqual([
      { due: '2026-04-15T20:00', rrule: 'FREQ=DAILY;UNTIL=20260531T215959Z', subject: 'arroser les semis' },
    ]);
    expect(all('remind me at the end of june to renew the lease', 'en')).toEqual([{ due: '2026-06-30T09:00', rrule: null, subject: 'renew the lease' }]);
    // A month already over this year is next year's.
    expect(all('rappelle-moi à la fin du mois de janvier de faire le bilan', 'fr')).toEqual([
      { due: '2027-01-31T09:00', rrule: null, subject: 'faire le bilan' },
    ]);
  });

  it('reads "every month end" / "chaque fin de mois" as the last day of every month', () => {
    expect(all('remind me at the end of every month to back up the laptop', 'en')).toEqual([
      { due: '2026-04-30T09:00', rrule: 'FREQ=MONTHLY;BYMONTHDAY=-1', subject: 'back up the laptop' },
    ]);
    expect(all('remind me every month-end at 6pm to send the invoices', 'en')[0]).toEqual({
      due: '2026-04-30T18:00',
      rrule: 'FREQ=MONTHLY;BYMONTHDAY=-1',
      subject: 'send the invoices',
    });
    expect(all('rappelle-moi chaque fin de mois de relever les compteurs', 'fr')[0].rrule).toBe('FREQ=MONTHLY;BYMONTHDAY=-1');
  });

  it('reads the day part said with repeated weekdays ("tous les jeudis soirs"), and the Quebec "à tous les"', () => {
    expect(all('rappelle-moi tous les jeudis soirs de sortir le recyclage', 'fr')).toEqual([
      { due: '2026-04-16T20:00', rrule: 'FREQ=WEEKLY;BYDAY=TH', subject: 'sortir le recyclage' },
    ]);
    expect(all('rappelle-moi à tous les mardis matins de vider le lave-vaisselle', 'fr', 'montreal')).toEqual([
      { due: '2026-04-21T09:00', rrule: 'FREQ=WEEKLY;BYDAY=TU', subject: 'vider le lave-vaisselle' },
    ]);
  });

  it('joins with "pis" after a word ending in "en" ("Julien pis à 15h")', () => {
    expect(all("rappelle-moi à 11h d'appeler Julien pis à 15h d'écrire à Fabien", 'fr', 'montreal')).toEqual([
      { due: '2026-04-15T11:00', rrule: null, subject: 'appeler Julien' },
      { due: '2026-04-15T15:00', rrule: null, subject: 'écrire à Fabien' },
    ]);
  });

  it('keeps two actions apart when one says a day and the next a time (the day carries)', () => {
    expect(all('rappelle-moi vendredi de rendre les clés puis à 16h de passer à la banque', 'fr')).toEqual([
      { due: '2026-04-17T09:00', rrule: null, subject: 'rendre les clés' },
      { due: '2026-04-17T16:00', rrule: null, subject: 'passer à la banque' },
    ]);
    expect(all('remind me tomorrow to book the tickets and then at 6pm to pack the bags', 'en')).toEqual([
      { due: '2026-04-16T09:00', rrule: null, subject: 'book the tickets' },
      { due: '2026-04-16T18:00', rrule: null, subject: 'pack the bags' },
    ]);
    // A day and a time around one action stay one reminder.
    expect(all("rappelle-moi lundi, à 9h, d'appeler la banque", 'fr')).toEqual([{ due: '2026-04-20T09:00', rrule: null, subject: 'appeler la banque' }]);
    expect(all('remind me tomorrow to buy milk and eggs at 5pm', 'en')).toEqual([{ due: '2026-04-16T17:00', rrule: null, subject: 'buy milk and eggs' }]);
  });

  it('reads the Belgian "sur le temps de midi" as noon', () => {
    expect(all('rappelle-moi jeudi sur le temps de midi de poster le colis', 'fr', 'brussels')).toEqual([
      { due: '2026-04-16T12:00', rrule: null, subject: 'poster le colis' },
    ]);
  });

  it('reads "on 3rd" without "the" as a day of the month, not "2nd floor"', () => {
    expect(all('remind me on 3rd to pay my cable bill', 'en')).toEqual([{ due: '2026-05-03T09:00', rrule: null, subject: 'pay my cable bill' }]);
    expect(all('remind me to go to the 2nd floor', 'en')[0].due).toBeNull();
  });

  it('drops a trigger with one typo, a hedge before a time and a clause joined to the request', () => {
    expect(all('remnid me tomorrow to call the plumber', 'en')[0].subject).toBe('call the plumber');
    expect(all('reimnd me tomorrow to call the plumber', 'en')[0].subject).toBe('call the plumber');
    expect(all('remind me to call sam at like 4pm', 'en')).toEqual([{ due: '2026-04-15T16:00', rrule: null, subject: 'call sam' }]);
    expect(all('be a dear and remind me on friday to water the plants', 'en')).toEqual([
      { due: '2026-04-17T09:00', rrule: null, subject: 'water the plants' },
    ]);
    // Without a subject after the request, the words before it are the subject.
    expect(all('buy the milk and remind me tomorrow', 'en')[0].subject).toMatch(/^buy the milk/);
  });
});
