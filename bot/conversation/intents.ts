import { IANAZone } from 'luxon';
import { fold, PLACE_ZONES } from '../understanding/vocabulary';
import type { Language } from '../understanding/types';

/** What a text (or a Telegram command) asks for, before understanding reads it as a reminder. */
export type Intent =
  | { type: 'start'; token?: string }
  | { type: 'help' }
  | { type: 'list' }
  /**
   * `n`: position in the last list; `it`: the reminder last talked about; `scope`, for a repeating
   * one, when the words say it: only its next occurrence, or the whole series.
   */
  | { type: 'cancel'; n?: number; it?: boolean; scope?: CancelScope }
  | { type: 'reschedule'; n?: number; whenText: string }
  | { type: 'snooze'; whenText?: string }
  | { type: 'lang'; language?: Language }
  | { type: 'tz'; input?: string }
  | { type: 'yes' }
  | { type: 'no' }
  | { type: 'change' }
  /** STOP / ARRÊT (either language): no more broadcasts. START: broadcasts again. */
  | { type: 'optOut' }
  | { type: 'optIn' };

const YES = new Set([
  'oui', 'yes', 'ok', 'okay', 'o', 'y', 'yep', 'yeah', 'yup', 'sure', 'go', 'confirm', 'confirme', 'confirmer', 'je confirme',
  'confirmed', 'daccord', "d'accord", 'dac', 'ouais', 'vas-y', 'vas y', "c'est bon", 'cest bon', 'parfait', 'exact', 'correct',
  'oui merci', 'yes please', 'ok merci', 'ok thanks', 'parfait merci', 'top', 'valider', 'valide', 'bien sur', 'of course',
  '👍', '👌', '✅', '🆗', '👍🏻', '👍🏼', '👍🏽', '👍🏾', '👍🏿',
]);
const NO = new Set(['non', 'no', 'nope', 'nan', 'annule', 'annuler', 'cancel', 'laisse tomber', 'forget it', 'pas du tout', '👎', '❌']);
const OPT_OUT = new Set(['stop', 'arret', 'arrete', 'unsubscribe', 'desabonner', 'desinscrire', 'stop all', 'stopall']);
const OPT_IN = new Set(['start', 'unstop', 'reprendre']);
const CHANGE = new Set(['change', 'changer', 'modifier', 'modifie', 'edit', 'corriger', 'change it', 'modifie-le']);

/** Lower-case, accent-free, apostrophes unified, trailing punctuation dropped. */
export function canonical(text: string): string {
  return fold(text.trim())
    .replace(/[’`´]/g, "'")
    .replace(/\s+/g, ' ')
    .replace(/[\s.!?,;:]+$/u, '')
    .trim();
}

const ORDINAL = String.raw`(?:n°|no\.?|numero|number|#|le|la|the|rappel|reminder)`;

export type CancelScope = 'occurrence' | 'series';

/** Words that say which part of a repeating reminder to cancel (canonical text: no accents). */
const OCCURRENCE_WORDS = String.raw`(?:(?:seulement|juste|only|just)\s+)?(?:le\s+prochain|la\s+prochaine|celui-ci|celui\s+la|cette\s+fois(?:-ci)?|(?:this|that)\s+(?:one|time)|the\s+next(?:\s+one)?|next\s+one|(?:cette|l')\s*occurrence|this\s+occurrence)`;
const SERIES_WORDS = String.raw`(?:(?:toute\s+)?la\s+serie|(?:the\s+)?(?:whole\s+|entire\s+)?series|for\s+good|definitivement|pour\s+de\s+bon)`;
/** In answer to "just the next one or the whole series?", "all" and "tous" say the series too. */
const ALL_WORDS = String.raw`(?:tous|toutes|tout|all(?:\s+of\s+them)?|everything|the\s+whole\s+thing|les\s+deux)`;
const OCCURRENCE_RE = new RegExp(String.raw`(?:^|\s)${OCCURRENCE_WORDS}(?:\s|$)`);
const SERIES_RE = new RegExp(String.raw`(?:^|\s)${SERIES_WORDS}(?:\s|$)`);
const ALL_RE = new RegExp(String.raw`(?:^|\s)${ALL_WORDS}(?:\s|$)`);

/**
 * Which part of a repeating reminder a text names: "juste le prochain", "the whole series", or
 * neither. `answering`: the text answers the bot's question, where "all" / "tous" also mean the series.
 */
export function cancelScope(raw: string, answering = false): CancelScope | undefined {
  const text = canonical(raw);
  if (/^(?:skip|saute[rz]?|passe[rz]?)(?:\s|$)/.test(text) || OCCURRENCE_RE.test(text)) return 'occurrence';
  if (/^(?:stop|arrete[rz]?)\s+(?:repeating|la\s+serie|de\s+repeter)/.test(text) || SERIES_RE.test(text)) return 'series';
  if (answering && ALL_RE.test(text)) return 'series';
  return undefined;
}

export function parseIntent(raw: string): Intent | null {
  const text = canonical(raw);
  if (!text) return null;

  const slash = /^\/(\w+)(?:@\w+)?(?:\s+(.*))?$/.exec(text);
  if (slash) {
    const [, name, arg = ''] = slash;
    const rawArg = raw.trim().replace(/^\/\w+(?:@\w+)?\s*/, '');
    switch (name) {
      case 'start':
        return rawArg ? { type: 'start', token: rawArg.split(/\s+/)[0] } : { type: 'start' };
      case 'help':
      case 'aide':
        return { type: 'help' };
      case 'list':
      case 'liste':
        return { type: 'list' };
      case 'cancel':
      case 'annuler': {
        const n = /^\d+$/.test(arg) ? Number(arg) : undefined;
        return n ? { type: 'cancel', n } : { type: 'cancel' };
      }
      case 'lang':
      case 'langue':
      case 'language':
        return { type: 'lang', language: languageWord(arg) };
      case 'stop':
      case 'arret':
        return { type: 'optOut' };
      case 'tz':
      case 'timezone':
      case 'fuseau':
        return rawArg ? { type: 'tz', input: rawArg } : { type: 'tz' };
      default:
        return { type: 'help' };
    }
  }

  // The opt-out words carriers and WhatsApp users know, alone in the message, in either language.
  if (OPT_OUT.has(text)) return { type: 'optOut' };
  if (OPT_IN.has(text)) return { type: 'optIn' };
  if (YES.has(text)) return { type: 'yes' };
  if (CHANGE.has(text)) return { type: 'change' };
  if (/^(help|aide|\?|menu|commands|commandes|que sais-tu faire|what can you do)$/.test(text)) return { type: 'help' };
  if (/^(list|liste|my reminders|mes rappels|reminders|rappels|show (me )?my reminders|(voir|affiche|montre)(-moi)? mes rappels|liste des rappels|list reminders)$/.test(text)) {
    return { type: 'list' };
  }

  const cancel = new RegExp(
    String.raw`^(?:cancel|delete|remove|annule[rz]?|supprime[rz]?|efface[rz]?)(?:[- ](it|le|la|l'|ce rappel|this one|that one))?(?:\s+${ORDINAL})*\s*(\d+)?(?:\s+(${OCCURRENCE_WORDS}|${SERIES_WORDS}))?$`,
  ).exec(text);
  if (cancel) {
    const scope = cancel[3] ? cancelScope(cancel[3]) : undefined;
    const extra = scope ? { scope } : {};
    if (cancel[2]) return { type: 'cancel', n: Number(cancel[2]), ...extra };
    if (cancel[1] || scope) return { type: 'cancel', it: true, ...extra };
    return NO.has(text) ? { type: 'no' } : { type: 'cancel' };
  }
  // "skip the next one", "saute le prochain", "stop repeating it": about the reminder last talked about.
  if (/^(?:skip|saute[rz]?)(?:[- ](?:it|le|la|l'))?(?:\s|$)/.test(text) && cancelScope(text) === 'occurrence') return { type: 'cancel', it: true, scope: 'occurrence' };
  if (/^(?:stop|arrete[rz]?)\s+(?:repeating|la\s+serie|de\s+(?:le\s+|la\s+)?repeter)/.test(text)) return { type: 'cancel', it: true, scope: 'series' };
  if (NO.has(text)) return { type: 'no' };

  const move = new RegExp(
    String.raw`^(?:move|reschedule|postpone|push|change|decale[rz]?|deplace[rz]?|reporte[rz]?|repousse[rz]?|avance[rz]?)([- ](?:it|le|la|l'|ce rappel|this one|that one))?(?:\s+${ORDINAL})*\s*(\d+)?\s*(?:(?:to|at|until|for|a|au|pour|jusqu'a|a la|de)\s+)?(.*)$`,
  ).exec(text);
  // Only with a pronoun or a number: "change the oil tomorrow" is a reminder, not a command.
  if (move && (move[1] || move[2])) {
    const rest = raw.trim().replace(/^\S+(?:[- ](?:it|le|la|l'|l’))?\s*/i, '');
    return { type: 'reschedule', ...(move[2] ? { n: Number(move[2]) } : {}), whenText: move[2] ? rest.replace(/^\D*\d+\s*/, '') : rest };
  }

  const snooze = /^(?:snooze|plus tard|later|remind me later|rappelle(?:-le)?(?:-moi)? plus tard)(?:\s+(.*))?$/.exec(text);
  if (snooze) return snooze[1] ? { type: 'snooze', whenText: snooze[1] } : { type: 'snooze' };

  const lang = /^(?:language|langue|lang)\s*:?\s*(\S+)?$/.exec(text);
  if (lang) return { type: 'lang', language: languageWord(lang[1] ?? '') };
  if (/^(english|in english|en anglais|anglais|speak english|parle anglais)$/.test(text)) return { type: 'lang', language: 'en' };
  if (/^(french|in french|en francais|francais|parle francais|speak french)$/.test(text)) return { type: 'lang', language: 'fr' };

  const tz = /^(?:timezone|time zone|fuseau(?: horaire)?|tz|my timezone is|mon fuseau(?: horaire)? est)\s*:?\s*(.*)$/.exec(text);
  if (tz) {
    const input = raw.trim().replace(/^(?:time\s?zone|fuseau(?: horaire)?|tz|my timezone is|mon fuseau(?: horaire)? est)\s*:?\s*/i, '');
    return input ? { type: 'tz', input } : { type: 'tz' };
  }
  return null;
}

function languageWord(word: string): Language | undefined {
  const w = canonical(word);
  if (/^(en|english|anglais|eng)$/.test(w)) return 'en';
  if (/^(fr|french|francais|fra)$/.test(w)) return 'fr';
  return undefined;
}

let zoneIndex: Map<string, string> | undefined;

/** An IANA zone from what a user typed: the zone's own name, a city we know, or a zone's city part. */
export function zoneFromInput(input: string): string | null {
  const trimmed = input.trim();
  if (/^[A-Za-z_]+\/[A-Za-z_\-/]+$/.test(trimmed) && IANAZone.isValidZone(trimmed)) return IANAZone.create(trimmed).name;
  const key = canonical(trimmed).replace(/^(a|à|in|en|au|at)\s+/, '');
  if (PLACE_ZONES[key]) return PLACE_ZONES[key];
  if (!zoneIndex) {
    zoneIndex = new Map();
    for (const zone of Intl.supportedValuesOf('timeZone')) {
      const city = zone.split('/').pop()!;
      zoneIndex.set(canonical(city.replace(/_/g, ' ')), zone);
    }
  }
  return zoneIndex.get(key) ?? null;
}
