import { DateTime, Duration } from 'luxon';
import { firstOccurrence } from '../../api/reminders/recurrence';
import { DURATION_EN, DURATION_FR, readDuration } from './duration';
import { detectLanguage } from './language';
import { normalize } from './normalize';
import { Correction, CurrentReminder, Language, UnderstandContext, UnderstoodReminder } from './types';
import { toZonedNow, understand } from './understand';
import { fold } from './vocabulary';

/**
 * What a follow-up message changes in the reminder just proposed or just confirmed: its time
 * ("non, plutôt à 18h", "actually make it 6pm", "non, jeudi"), its subject ("change le sujet :
 * appeler Paul", "actually it's to call Paul"), or nothing, by cancelling it ("annule le dernier",
 * "cancel that", "laisse tomber"). null when the message is not a correction but a new request:
 * a correction names no new thing to do besides its date words.
 */

const LEAD: Record<Language, RegExp> = {
  fr: /^(?:(?:non|nan|oups|ah|euh|heu|pardon|d[ée]sol[ée]e?|en\s+fait|finalement|attends?|plut[oô]t|ou\s+plut[oô]t|je\s+me\s+suis\s+tromp[ée]e?|erreur|correction|enfin|mais|bon)(?![\p{L}])[\s,.!:;-]*)+/iu,
  en: /^(?:(?:no|nope|nah|oops|uh|um|sorry|wait|actually|rather|i\s+mean|my\s+bad|correction|hmm|oh|well|hold\s+on)(?![\p{L}])[\s,.!:;-]*)+/iu,
};

/** What a cancellation may name: the reminder, the series, "it", "all" (never a new thing to do). */
const CANCEL_OBJECT: Record<Language, string> = {
  fr: String.raw`(?:le|la|les|l'|[çc]a|ce|cette|ces|celui-ci|celui-l[àa]|moi|tout|toute|tous|toutes|dernier|derni[èe]re|rappels?|s[ée]ries?|r[ée]p[ée]titions?|r[ée]veils?|alarmes?|rendez-vous|l[àa]|enti[èe]re?|du|de|d'|pr[ée]c[ée]dent)`,
  en: String.raw`(?:it|that|this|the|last|one|reminders?|series|all|everything|whole|thing|alarm|about|previous|them|of|those|these)`,
};
const CANCEL: Record<Language, RegExp> = {
  fr: new RegExp(
    String.raw`^(?:(?:non|en\s+fait|finalement|bon|oh|euh)[\s,.!]*)*(?:annule[rz]?|supprime[rz]?|efface[rz]?|retire[rz]?|laisse[rz]?\s+tomber|oublie[rz]?|pas\s+la\s+peine|c'est\s+bon\s+finalement)` +
      String.raw`(?:[\s-]+${CANCEL_OBJECT.fr}|\s*l'|\s*[çc]a)*[\s.!]*(?:merci)?[\s.!]*$`,
    'iu',
  ),
  en: new RegExp(
    String.raw`^(?:(?:no|actually|oh|um|hmm)[\s,.!]*)*(?:cancel|delete|remove|drop|scrap|scratch|forget|never\s*mind|nevermind|don'?t\s+bother|no\s+need|stop\s+(?:it|that|this|the\s+series|repeating))` +
      String.raw`(?:\s+${CANCEL_OBJECT.en})*[\s.!]*(?:thanks?)?[\s.!]*$`,
    'iu',
  ),
};

const SUBJECT: Record<Language, RegExp> = {
  fr: /^(?:renomme[rz]?|appelle)[- ](?:le|la)\s+(?:en\s+|par\s+|:\s*)?(?<s4>.+)$|^(?:change[rz]?|modifie[rz]?|remplace[rz]?|corrige[rz]?|mets?|mettez)\s+(?:le\s+(?:sujet|texte|titre|nom|message)|l'objet|l'intitul[ée])(?:\s+du\s+rappel)?\s*(?::|par|en|pour|[àa])?\s*(?<s>.+)$|^(?:en\s+fait\s+|non\s*,?\s*)?(?:c'est|c'[ée]tait)\s+pour\s+(?<s2>.+)$|^(?:le\s+sujet|l'objet)\s*(?::|c'est|est)\s*(?<s3>.+)$/iu,
  en: /^(?:change|rename|set|make)\s+(?:the\s+)?(?:subject|text|title|name|message|reminder)(?:\s+of\s+(?:it|the\s+reminder))?\s*(?::|to|as)?\s*(?<s>.+)$|^(?:rename|relabel|call)\s+(?:it|this|that|the\s+reminder)\s+(?:to|as)?\s*(?<s4>.+)$|^(?:(?:actually|no|wait)[\s,]+)*it'?s\s+(?:actually\s+)?(?:to|about|for)\s+(?<s2>.+)$|^(?:the\s+)?subject\s*(?::|is|should\s+be)\s*(?<s3>.+)$/iu,
};

/** Words that only ask for the change ("make it", "mets-le à", "move it to"), before the new time. */
const WHEN_ASK: Record<Language, RegExp> = {
  fr: /^(?:(?:mets|mettez|d[ée]cale[rz]?|d[ée]place[rz]?|change[rz]?|repousse[rz]?|avance[rz]?|reporte[rz]?|passe[rz]?|fais|faites)(?:[\s-]+(?:le|la|les|l[ae]|moi|[çc]a|l'heure|la\s+date))*(?:\s+(?:plut[oô]t|pour|[àa]|au|en))?\s*|c'est\s+(?:plut[oô]t\s+)?|ce\s+sera\s+(?:plut[oô]t\s+)?|je\s+pr[ée]f[èe]re\s+|plut[oô]t\s+)/iu,
  en: /^(?:(?:make|move|change|push|set|put|switch|reschedule|bump)(?:\s+(?:it|that|this|the\s+time|the\s+date|the\s+reminder))?(?:\s+(?:to|for|at|until|till|back\s+to|forward\s+to))?\s*|(?:let'?s\s+(?:say|do)|how\s+about|what\s+about|i\s+meant|i\s+said|it'?s|it\s+should\s+be|rather|instead)\s+)/iu,
};
const TRAIL: Record<Language, RegExp> = {
  fr: /[\s,.!]*(?:plut[oô]t|[àa]\s+la\s+place|merci|stp|svp|s'il\s+te\s+pla[iî]t|finalement)?[\s,.!?]*$/iu,
  en: /[\s,.!]*(?:instead|rather|please|thanks?|then)?[\s,.!?]*$/iu,
};

export function understandCorrection(
  text: string,
  ctx: UnderstandContext & { current: CurrentReminder },
): Correction | null {
  const language: Language = ctx.language ?? detectLanguage(text);
  const raw = text.trim().replace(/[\u2019\u2018]/g, "'");
  if (!raw) return null;
  if (CANCEL[language].test(raw)) return { kind: 'cancel' };
  let rest = raw.replace(LEAD[language], '');
  const subj = rest.match(SUBJECT[language]) ?? raw.match(SUBJECT[language]);
  if (subj) {
    const subject = (subj.groups?.s ?? subj.groups?.s2 ?? subj.groups?.s3 ?? subj.groups?.s4 ?? '').replace(/^(?:de\s+|d'|to\s+)/iu, '').replace(/[\s.!]+$/u, '').trim();
    if (subject) return { kind: 'subject', subject };
  }
  const shift = shiftOf(rest, language);
  if (shift) {
    // "push it back an hour", "décale d'une heure": the current time moved by that much.
    const moved = DateTime.fromJSDate(ctx.current.dueAt).setZone(ctx.current.zone).plus({ milliseconds: shift });
    return { kind: 'when', dueAt: moved.toJSDate(), zone: ctx.current.zone, dueLocal: moved.toFormat("yyyy-MM-dd'T'HH:mm"), rrule: ctx.current.rrule };
  }
  rest = rest.replace(WHEN_ASK[language], '').replace(TRAIL[language], '');
  if (!rest) return null;
  const read = understand(rest, { now: ctx.now, timezone: ctx.timezone, language });
  if (read.reminders && read.reminders.length > 1) return null;
  // A correction says when, not what: any words left besides the date words make a new request.
  // A correction says when, not what: words left besides the date words make a new request.
  if (read.subject && !/^(?:le|la|the|it|ça|ca|that)$/iu.test(read.subject)) return null;
  if (!('dueAt' in read)) return null;
  return mergeWhen(rest, read, ctx, language);
}

/**
 * The new time merged with the current reminder: a time alone keeps the current day, a day alone
 * keeps the current time; a repetition said replaces the rule, otherwise the rule is kept and
 * re-anchored on the new time.
 */
function mergeWhen(
  rest: string,
  read: UnderstoodReminder,
  ctx: UnderstandContext & { current: CurrentReminder },
  language: Language,
): Correction {
  const { current } = ctx;
  const zone = read.zone !== ctx.timezone ? read.zone : current.zone;
  const now = toZonedNow(ctx.now, zone);
  const cur = DateTime.fromJSDate(current.dueAt).setZone(zone);
  const saysDay = DAY_WORDS[language].test(rest) || read.rrule !== null;
  const saysTime = TIME_WORDS[language].test(rest);
  const out = (local: DateTime, rrule: string | null): Correction => ({
    kind: 'when',
    dueAt: local.toJSDate(),
    zone,
    dueLocal: local.toFormat("yyyy-MM-dd'T'HH:mm"),
    rrule,
  });
  const got = DateTime.fromJSDate(read.dueAt).setZone(zone);
  // "dans 2 heures", "in an hour": counted from now, whatever the current day.
  if (DELAY[language].test(rest) && !read.rrule) return out(got, null);
  if (read.rrule) {
    // "non, tous les jours": the new rule at the time already set, unless a time is said.
    if (saysTime) return out(got, read.rrule);
    const d = firstOccurrence(read.rrule, zone, now.toJSDate(), { hour: cur.hour, minute: cur.minute });
    return out(d ? DateTime.fromJSDate(d).setZone(zone) : got, read.rrule);
  }
  if (saysTime && !saysDay) {
    // "non, plutôt à 18h": same day, new time; on a repeating reminder the series moves with it.
    const rule = current.rrule;
    if (rule) {
      const again = understand(rest, { now: ctx.now, timezone: zone, language });
      const at = 'dueAt' in again ? DateTime.fromJSDate(again.dueAt).setZone(zone) : got;
      return out(nextOnRule(rule, zone, now, at, current), rule);
    }
    let local = cur.set({ hour: got.hour, minute: got.minute });
    if (local <= now) local = got; // that day's time has passed: the next such time
    return out(local, null);
  }
  if (saysDay && !saysTime) {
    // "non, jeudi": new day, same time.
    let local = got.set({ hour: cur.hour, minute: cur.minute });
    if (local <= now) local = local.plus({ days: 1 });
    return out(local, null);
  }
  return out(got, null);
}

/** The first occurrence of a kept rule at a new time of day, from the current one's day on. */
function nextOnRule(rule: string, zone: string, now: DateTime, at: DateTime, current: CurrentReminder): DateTime {
  const from = DateTime.max(now, DateTime.fromJSDate(current.dueAt).setZone(zone).startOf('day').minus({ milliseconds: 1 }));
  const d = firstOccurrence(rule, zone, from.toJSDate(), { hour: at.hour, minute: at.minute });
  return d ? DateTime.fromJSDate(d).setZone(zone) : at;
}

/** "push it back an hour", "an hour later", "décale d'une heure", "30 minutes plus tôt". */
const SHIFT: Record<Language, RegExp> = {
  en: new RegExp(
    String.raw`^(?:(?:push|move|set|bump|put|shift)\s+(?:it|that|this)?\s*(?<dir>back|forward|later|earlier|up)?\s*(?:by\s+)?(?<d>${DURATION_EN})(?:\s+(?<dir2>later|earlier|back|forward))?|(?<d2>${DURATION_EN})\s+(?<dir3>later|earlier|sooner))[\s.!]*$`,
    'iu',
  ),
  fr: new RegExp(
    String.raw`^(?:(?<verb>d[ée]cale[rz]?|repousse[rz]?|retarde[rz]?|recule[rz]?|avance[rz]?)(?:[- ](?:le|la|les|[çc]a))?\s+(?:de\s+|d'|d\s+)?(?<d>${DURATION_FR})(?:\s+(?<dir2>plus\s+tard|plus\s+t[ôo]t))?|(?<d2>${DURATION_FR})\s+(?<dir3>plus\s+tard|plus\s+t[ôo]t|avant|apr[èe]s))[\s.!]*$`,
    'iu',
  ),
};

/** The move a shift asks for, in milliseconds (earlier is negative), or null. */
function shiftOf(text: string, language: Language): number | null {
  const norm = normalize(text, language).text;
  const m = norm.match(SHIFT[language]);
  if (!m?.groups) return null;
  const d = readDuration(m.groups.d ?? m.groups.d2 ?? '');
  if (!d) return null;
  const ms = Duration.fromObject(d).as('milliseconds');
  if (!ms) return null;
  const dir = fold(`${m.groups.verb ?? ''} ${m.groups.dir ?? ''} ${m.groups.dir2 ?? ''} ${m.groups.dir3 ?? ''}`);
  const earlier = /earlier|sooner|forward|up|avance|plus tot|avant/.test(dir);
  return earlier ? -ms : ms;
}

const DELAY: Record<Language, RegExp> = {
  fr: /(?<![\p{L}])(?:dans|d'ici)\s+(?:\d|une?\s|quelques|deux|trois|dix|quinze|vingt|trente|demi|quart)/iu,
  en: /(?<![\p{L}])(?:in|within)\s+(?:\d|an?\s|a\s+few|a\s+couple|half|two|three|ten|fifteen|twenty|thirty)/iu,
};

const DAY_WORDS: Record<Language, RegExp> = {
  fr: /(?<![\p{L}])(?:aujourd'hui|demain|apr[èe]s[\s-]demain|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|semaine|week-?end|mois|jours?|janvier|f[ée]vrier|mars|avril|mai|juin|juillet|ao[uû]t|septembre|octobre|novembre|d[ée]cembre|le\s+\d{1,2}(?!\s*[h:])|\d{1,2}\/\d{1,2})(?![\p{L}])/iu,
  en: /(?<![\p{L}])(?:today|tomorrow|tmrw|monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|wed|thu|fri|sat|sun|week|weekend|month|days?|january|february|march|april|may|june|july|august|september|october|november|december|\d{1,2}(?:st|nd|rd|th)|\d{1,2}\/\d{1,2})(?![\p{L}])/iu,
};
const TIME_WORDS: Record<Language, RegExp> = {
  fr: /\d\s*(?:h|heures?|:)|(?<![\p{L}])(?:midi|minuit|matin|soir|apr[èe]s[\s-]midi|nuit|dans\s+\d|dans\s+une?)(?![\p{L}])|(?:[àa]|vers)\s+\d/iu,
  en: /\d\s*(?:[ap]\.?m|:|o'?clock|h\b)|(?<![\p{L}])(?:noon|midnight|morning|evening|afternoon|tonight|night|in\s+\d|in\s+an?\s)(?![\p{L}])|(?:at|around|by)\s+\d|^\d{1,2}$/iu,
};
