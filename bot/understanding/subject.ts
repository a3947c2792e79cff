import { Language } from './types';

const L = '[\\p{L}\\p{N}]';
const wordStart = `(?<!${L})`;
const wordEnd = `(?!${L})`;

/** Trigger phrases, tried at the start of what is left once date words are gone (rule 12). */
const TRIGGERS: Record<Language, RegExp[]> = {
  en: [
    /^(?:(?:can|could|would|will)\s+(?:you|u|ya)\s+)?(?:please\s+)?(?:remind|tell|ask|ping|alert|notify|text|message|nudge)\s+me(?:[\s,]+(?:to|2(?=\s+\p{L})|that|about|of|so\s+that|so|when|if))?(?![\p{L}])/iu,
    /^(?:please\s+)?(?:don'?t|do\s+not|dont)\s+(?:let\s+me\s+)?forget(?:\s+(?:to|that|about))?(?![\p{L}])/iu,
    /^(?:please\s+)?(?:set|create|add|make|schedule|put\s+in)\s+(?:a\s+|me\s+a\s+|an?\s+)?(?:reminder|alarm|alert)(?:\s+(?:to|for|about|that))?(?![\p{L}])/iu,
    // "todo: …", "to-do: …"; "to do yoga" is a task with its own verb, not a list heading.
    /^(?:(?:reminder|note\s+to\s+self|todo)(?:\s*:|\s+(?:to|for|about|that)(?![\p{L}]))?|to[\s-]do\s*:)/iu,
    /^(?:make\s+sure\s+(?:that\s+)?(?:i|to)|remember\s+to|i\s+should\s+remember\s+to)(?![\p{L}])/iu,
    /^(?:i\s+|i'(?:ve|ll|d|m)\s+)?(?:really\s+|still\s+|also\s+)?(?:need\s+to|have\s+to|has\s+to|got\s+to|gotta|must|should|ought\s+to|want\s+to|wanna|would\s+like\s+to|be\s+supposed\s+to|am\s+supposed\s+to|supposed\s+to)(?![\p{L}])/iu,
  ],
  fr: [
    /^(?:(?:est-ce\s+que\s+)?(?:tu\s+peux|peux[- ]tu|pourrais[- ]tu|tu\s+pourrais|vous\s+pouvez|pouvez[- ]vous|pourriez[- ]vous)\s+)?(?:me\s+rapp?ell?er|rapp?el(?:le|ez|les)?[- ]?moi)(?:\s+(?:de|que|qu'il\s+faut\s+que|du|des)(?![\p{L}])|\s*d'|\s+d(?=\s+[aeiouyhàâéèêîôû])|\s*qu')?/iu,
    /^(?:ne\s+|n')?oublie(?:z|s)?\s+pas(?:\s+(?:de|que)(?![\p{L}])|\s*d'|\s+d(?=\s+[aeiouyhàâéèêîôû])|\s*qu')?/iu,
    /^ne\s+me\s+laisse\s+pas\s+oublier(?:\s+de(?![\p{L}])|\s*d')?/iu,
    /^(?:fais|faites)[- ]moi\s+penser(?:\s+(?:[àa]|au|aux)(?![\p{L}]))?/iu,
    /^(?:pense|pensez|penser|songe)\s+(?:[àa]|au|aux)(?![\p{L}])/iu,
    /^(?:souviens[- ]toi|rappelle[- ]toi)(?:\s+de(?![\p{L}])|\s*d')?/iu,
    /^(?:pr[ée]viens|avertis|alerte)[- ]moi(?:\s+(?:de|pour|que)(?![\p{L}])|\s*d'|\s*qu')?/iu,
    /^(?:mets|mettez|mettre|cr[ée]e|cr[ée]ez|ajoute|ajoutez|programme|programmez|je\s+voudrais|j'aimerais|je\s+veux|il\s+me\s+faut)(?:[- ]moi)?\s+(?:un|une)\s+(?:rappel|r[ée]veil|alarme|alerte)(?:\s+(?:pour|de)(?![\p{L}])|\s*d')?/iu,
    /^(?:rappel|note|notez|pense-b[êe]te|[àa]\s+faire)(?![\p{L}])(?:\s*:|\s+(?:pour|de|que)(?![\p{L}])|\s*d'|\s*qu')?/iu,
    // "j'aimerais que tu me rappelles de", "je voudrais que vous me rappeliez de", "tu me rappelles de".
    /^(?:(?:j'aimerais|je\s+voudrais|je\s+veux|ce\s+serait\s+bien|il\s+faudrait)\s+que\s+)?(?:tu|vous)\s+me\s+rappel(?:les|le|iez|ez|eras|erez|erais|eriez|lerai[st]?|leras|lerez|leriez|lerais|lerait)(?![\p{L}])(?:\s+(?:de|que)(?![\p{L}])|\s*d'|\s*qu')?/iu,
    /^(?:il\s+)?(?:me\s+)?(?:faut|faudrait|faudra)\s+(?:absolument\s+|vraiment\s+)?(?:que\s+j'|(?:que\s+je|qu'on|que\s+l'on|que)(?![\p{L}]))/iu,
    /^(?:il\s+)?(?:me\s+)?(?:faut|faudrait|faudra)(?![\p{L}])/iu,
    /^(?:je\s+|j')?(?:dois|devrais|devrai|vais|veux|voudrais|aimerais|ai\s+besoin\s+d'|ai\s+besoin\s+de|ai\s+à|ai\s+a)(?![\p{L}])/iu,
    /^(?:je\s+ne\s+dois\s+pas\s+oublier|faut\s+pas\s+que\s+j'oublie|il\s+ne\s+faut\s+pas\s+que\s+j'oublie)(?:\s+de(?![\p{L}])|\s*d')?/iu,
  ],
};

/** Words a speech transcript adds that carry nothing (removed anywhere). */
const FILLERS_ANYWHERE: Record<Language, RegExp> = {
  en: new RegExp(`${wordStart}(?:u+m+|u+h+m*|e+r+m*|h+m+|ah+|please|pls|plz|kindly)${wordEnd}[,.]?`, 'giu'),
  fr: new RegExp(
    `${wordStart}(?:eu+h+|heu+|hu+m+|hm+|bah|ben|s'il\\s+(?:te|vous)\\s+pla[iî]t|stp|svp)${wordEnd}[,.]?`,
    'giu',
  ),
};

/** Words that only count as filler at the edges ("ok remind me...", "... thanks"). */
const EDGE_FILLERS: Record<Language, RegExp> = {
  en: /^(?:ok(?:ay)?|so|well|hey|hi|hello|yo|right|alright|oh|and|also|then|just|now|quick(?:ly)?|hey\s+\w+bot|like|yeah|yep|sure|actually|basically|listen|hmm+)(?![\p{L}])[\s,.!:]*/iu,
  fr: /^(?:ok(?:ay)?|alors|bon|donc|dis|dites|bonjour|salut|coucou|h[ée]|oh|et|aussi|puis|ensuite|bref|voil[àa]|ouais|[ée]coute|tiens|du\s+coup|en\s+fait|genre)(?![\p{L}])[\s,.!:]*/iu,
};
const TRAILING_FILLERS: Record<Language, RegExp> = {
  en: /[\s,.!:]*(?<![\p{L}])(?:thanks?(?:\s+you)?|thx|cheers|ok(?:ay)?|please|for\s+me|will\s+you|would\s+you|ok\s+thanks)[\s.!?]*$/iu,
  fr: /[\s,.!:]*(?<![\p{L}])(?:merci(?:\s+beaucoup)?|ok|d'accord|stp|svp|s'il\s+te\s+pla[iî]t|s'il\s+vous\s+pla[iî]t)[\s.!?]*$/iu,
};

/**
 * Connectors left hanging once a date is cut out ("on", "le", "pour"). Time spans already carry
 * their own "at"/"à"; particles that belong to a verb ("put in", "turn on") must survive them.
 */
const DANGLING_BEFORE_DATE: Record<Language, RegExp> = {
  en: /(?:^|\s)(?:on|at|by|for|the|of|this|next|before|after|until|till|starting|from|and|or)\s*,?\s*$/iu,
  fr: /(?:^|\s)(?:le|la|les|pour|ce|cet|cette|d[èe]s|d'ici|avant|apr[èe]s|jusqu'au|jusqu'[àa]|au|en|et|ou|[àa]\s+partir\s+du|[àa]\s+partir\s+de)\s*,?\s*$/iu,
};
const DANGLING_BEFORE_TIME: Record<Language, RegExp> = {
  // "at like 7pm", "vers genre 19h": the spoken hedge before a time goes with it.
  en: /(?:^|\s)(?:at|@|around|about|by|for|the|and|or|between|like)\s*,?\s*$/iu,
  fr: /(?:^|\s)(?:[àa]|vers|pour|environ|et|ou|ce|entre|autour\s+de|aux\s+alentours\s+de|avant|d[èe]s|apr[èe]s|jusqu'[àa]|genre)\s*,?\s*$/iu,
};

export interface RemovedSpan {
  start: number;
  end: number;
  kind: 'date' | 'time';
}

const DANGLING_END: Record<Language, RegExp> = {
  en: /(?:^|\s)(?:at|on|by|for|around|about|from|until|till|the|of|this|next|and|or|to|before|after)[\s,.!?]*$/iu,
  fr: /(?:^|\s)(?:[àa]|au|aux|le|la|les|pour|vers|d[èe]s|d'ici|en|ce|cet|cette|et|ou|de|du|des|avant|apr[èe]s)[\s,.!?]*$/iu,
};

function collapse(s: string): string {
  // Spaces are merged first: on the long runs left where many spans were cut, "\s+," would be
  // retried from every space of the run (quadratic).
  return s
    .replace(/\s+/g, ' ')
    .replace(/ ([,.!?;:])/g, '$1')
    .replace(/([,;:])(?=[,.!?;:])/g, '')
    .trim();
}

/**
 * The dangling connector at the end of `head`, looked for in its last words only: connectors are
 * short, and scanning the whole text again for every cut span would be quadratic on long input.
 */
function danglingAtEnd(head: string, dangling: RegExp): number {
  const from = Math.max(0, head.length - 48);
  let window = head.slice(from);
  if (from > 0) {
    // Start at a word boundary so a word cut in half is never taken for a connector.
    const space = window.search(/\s/);
    window = space >= 0 ? window.slice(space) : '';
  }
  const m = window.match(dangling);
  return m && m[0].trim() !== '' ? m[0].length : 0;
}

function trimPunctuation(s: string): string {
  return s.replace(/^[\s,.;:!?\-–—"“”«»]+/u, '').replace(/[\s,;:!?\-–—"“”«»]+$/u, '').replace(/\.+$/, '').trim();
}

/**
 * A request to remind, however it is put: a verb of reminding or of not forgetting addressed to
 * the bot ("me rappeler", "me fais penser", "remind me", "ping me", "don't let me forget"), with
 * what follows it as the subject. What comes before it ("tu pourras", "j'ai besoin que tu", "ce
 * serait cool que tu", "hey Siri", "could you", "you know what") is the way of asking and goes
 * too, provided it is short and names no thing of its own (no article or possessive: "acheter le
 * livre qui me rappelle…" keeps its words).
 */
const REQUEST_VERB: Record<Language, string> = {
  en:
    String.raw`(?:remind|ping|tell|alert|notify|nudge|text|message|buzz|poke|warn|prompt)(?:s|ed|ing)?\s+me` +
    String.raw`|(?:send|sent|sending|give|giving|gave|shoot|drop)\s+me\s+(?:a\s+)?(?:reminder|nudge|ping|text|message|heads[\s-]?up)` +
    String.raw`|(?:set|create|add|make|schedule|put\s+in|setting|creating|adding)\s+(?:a|an|me\s+a|up\s+a)\s+(?:reminder|alarm|alert)(?:\s+for\s+me)?` +
    String.raw`|(?:don'?t|do\s+not|never|not)\s+let\s+me\s+forget|make\s+sure\s+(?:that\s+)?i\s+(?:don'?t|do\s+not)\s+forget|(?:don'?t|do\s+not)\s+forget`,
  fr:
    String.raw`(?:me|m')\s*(?:rapp?ell?\p{L}*|fai\p{L}*\s+penser|fass\p{L}*\s+penser|pr[ée]vien\p{L}*|pr[ée]venir|avert\p{L}*|alert\p{L}*|notifi\p{L}*|relanc\p{L}*)` +
    String.raw`|(?:mett\p{L}*|mets|cr[ée]\p{L}*|ajout\p{L}*|programm\p{L}*)(?:[- ]moi)?\s+(?:un|une)\s+(?:rappel|r[ée]veil|alarme|alerte)(?:\s+pour\s+moi)?` +
    String.raw`|rapp?ell?\p{L}*[- ]moi|fai\p{L}*[- ]moi\s+penser|pr[ée]viens[- ]moi|(?:ne\s+)?(?:me\s+)?laiss\p{L}*\s+pas\s+oublier` +
    String.raw`|(?:que\s+)?je\s+n'oublie\s+pas|pour\s+(?:ne\s+)?pas\s+que\s+j'oublie|(?:n'|ne\s+)?oubli\p{L}*\s+pas`,
};
const REQUEST_TAIL: Record<Language, string> = {
  en: String.raw`(?:[\s,]+(?:to|2(?=\s+\p{L})|that|about|of|so\s+that|so|when|if|for))?(?![\p{L}])`,
  fr: String.raw`(?:\s+(?:de|que|qu'il\s+faut\s+que|du|des|[àa]|au|aux|pour)(?![\p{L}])|\s*d'|\s+d(?=\s+[aeiouyhàâéèêîôû])|\s*qu')?(?![\p{L}])`,
};
const REQUEST: Record<Language, RegExp> = {
  en: new RegExp(String.raw`^((?:\S+\s+){0,10}?)(?:${REQUEST_VERB.en})${REQUEST_TAIL.en}`, 'iu'),
  fr: new RegExp(String.raw`^((?:\S+\s+){0,10}?)(?:${REQUEST_VERB.fr})${REQUEST_TAIL.fr}`, 'iu'),
};
/** Words that make the text before a reminding verb part of the subject ("buy the book that reminds me"). */
const NAMES_A_THING: Record<Language, RegExp> = {
  en: /(?<![\p{L}'])(?:the|a|an|my|his|her|our|their|its|this|these|those|some)(?![\p{L}'])|\d/iu,
  fr: /(?<![\p{L}])(?:le|la|les|l'|un|une|des|du|mon|ma|mes|ton|ta|tes|son|sa|ses|notre|nos|votre|vos|leur|leurs|cette|ces|cet)(?![\p{L}])|\d/iu,
};

/** A clause joined to the request by "and" ("do the needful and remind me to…", "sois gentil et rappelle-moi de…"). */
const JOINED_LEAD = /(?:^|\s)(?:and|et)\s*$/iu;

function stripRequest(s: string, language: Language): string {
  const m = s.match(REQUEST[language]);
  if (!m) return s;
  // Words before the request are its wording unless they name a thing; a clause joined to it by
  // "and" is another thing asked of the bot, and goes when the request has a subject of its own.
  if (NAMES_A_THING[language].test(m[1]) && !(JOINED_LEAD.test(m[1]) && /\p{L}/u.test(s.slice(m[0].length)))) return s;
  return s.slice(m[0].length);
}

/** "remidn me", "reimnd me", "remnid me": a word one typo away from "remind", before "me". */
const NEAR_REMIND = /(?<![\p{L}])(\p{L}{5,7})(?=\s+me(?![\p{L}]))/giu;

function oneTypoFrom(word: string, target: string): boolean {
  const a = word.toLowerCase();
  if (a === target || Math.abs(a.length - target.length) > 1) return false;
  // Damerau-Levenshtein distance 1: one substitution, insertion, deletion or swap of neighbours.
  let i = 0;
  while (i < a.length && i < target.length && a[i] === target[i]) i++;
  const rest = (x: string, y: string) => x.slice(i + 1) === y.slice(i + 1);
  if (a.length === target.length) {
    return rest(a, target) || (a[i] === target[i + 1] && a[i + 1] === target[i] && a.slice(i + 2) === target.slice(i + 2));
  }
  return a.length > target.length ? a.slice(i + 1) === target.slice(i) : a.slice(i) === target.slice(i + 1);
}

function fixTriggerTypo(s: string, language: Language): string {
  // A message that spells "remind" right has no typo'd one to look for.
  if (language !== 'en' || /remind/i.test(s) || !/\sme(?![\p{L}])/iu.test(s)) return s;
  return s.replace(NEAR_REMIND, (w) => (oneTypoFrom(w, 'remind') ? 'remind' : w));
}

/** Removes the trigger phrase and the fillers from the start, repeatedly ("ok so remind me to..."). */
export function stripTrigger(text: string, language: Language): string {
  const s = collapse(text);
  const out = stripLoop(s, language);
  // A word one typo from "remind" is read as it only when that makes it a request that goes
  // ("remidn me to…"); a real word stays ("the book that reminds me of home").
  const fixed = fixTriggerTypo(s, language);
  if (fixed === s) return out;
  const outFixed = stripLoop(fixed, language);
  return words(outFixed) < words(out) ? outFixed : out;
}

function words(s: string): number {
  return s.split(/\s+/).filter(Boolean).length;
}

function stripLoop(text: string, language: Language): string {
  let s = text;
  for (let guard = 0; guard < 8; guard++) {
    const before = s;
    s = trimPunctuation(s);
    s = s.replace(EDGE_FILLERS[language], '');
    let matched = false;
    for (const re of TRIGGERS[language]) {
      const m = s.match(re);
      if (m && m[0].length > 0) {
        s = s.slice(m[0].length);
        matched = true;
        break;
      }
    }
    if (!matched) s = stripRequest(s, language);
    s = trimPunctuation(s);
    if (s === before) break;
  }
  return s;
}

/**
 * The subject of a reminder: the user's own words minus the date/time spans, the dangling
 * connectors those leave behind, the trigger phrase and the fillers (rule 12).
 */
export function extractSubject(original: string, spans: RemovedSpan[], language: Language): string {
  const sorted = [...spans].sort((a, b) => b.start - a.start);
  // Cut right to left, keeping the pieces between spans: text before `limit` is still the
  // original, so a dangling connector cut with one span (which may reach into the next span) is
  // looked for in a short window, and the whole is joined once (linear on long input).
  const kept: string[] = [];
  let limit = original.length;
  for (const span of sorted) {
    if (span.start >= limit) continue;
    kept.push(original.slice(Math.min(span.end, limit), limit));
    const dangling = span.kind === 'time' ? DANGLING_BEFORE_TIME[language] : DANGLING_BEFORE_DATE[language];
    let headEnd = span.start;
    for (let guard = 0; guard < 4; guard++) {
      const cut = danglingAtEnd(original.slice(Math.max(0, headEnd - 64), headEnd), dangling);
      if (!cut) break;
      headEnd -= cut;
    }
    limit = headEnd;
  }
  kept.push(original.slice(0, limit));
  let s = kept.reverse().join(' ');
  s = s.replace(FILLERS_ANYWHERE[language], ' ');
  s = collapse(s);
  // A trigger may follow the date ("tomorrow at 5 remind me to...") or close the sentence.
  s = stripTrigger(s, language);
  for (let guard = 0; guard < 4; guard++) {
    const before = s;
    s = s.replace(TRAILING_FILLERS[language], '');
    s = trimPunctuation(s);
    const m = s.match(DANGLING_END[language]);
    if (m && m.index! > 0) s = s.slice(0, m.index);
    s = trimPunctuation(s);
    if (s === before) break;
  }
  // Elided French article left at the very end ("... chez l'") or start ("d'appeler" after a cut).
  if (language === 'fr') s = s.replace(/^(?:de\s+|d')(?=\p{L})/iu, '');
  return s;
}
