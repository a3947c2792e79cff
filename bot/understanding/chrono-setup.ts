import * as chrono from 'chrono-node';
import { englishParsers } from './en-parsers';
import { frenchParsers } from './fr-parsers';
import { hinted } from './piece-parser';
import { Language } from './types';

/**
 * chrono's own parsers for casual words, weekdays, clock times and delays are replaced by ours
 * (the conventions differ: "next monday", bare hours, French idioms, delays across DST). What is
 * kept is what chrono does well and the conventions do not touch: month names, numeric and ISO
 * dates.
 */
const REPLACED_PARSERS = new Set([
  'ENTimeExpressionParser',
  'ENCasualDateParser',
  'ENCasualTimeParser',
  'ENWeekdayParser',
  'ENTimeUnitWithinFormatParser',
  'ENTimeUnitLaterFormatParser',
  'ENTimeUnitCasualRelativeFormatParser',
  'ENRelativeDateFormatParser',
  'ENTimeUnitAgoFormatParser',
  'ENEndOfCurrentMonthParser',
  'FRTimeUnitAgoFormatParser',
  'FRCasualTimeParser',
  'FRCasualDateParser',
  'FRTimeExpressionParser',
  'FRSpecificTimeExpressionParser',
  'FRTimeUnitWithinFormatParser',
  'FRTimeUnitRelativeFormatParser',
  'FRWeekdayParser',
]);

/**
 * Refiners kept: overlap removal (longest fragment wins) and the English "may"/"the second"
 * filter. The date-time merge, forward-date and timezone refiners compute with the host's
 * clock; combining and resolving happens in resolve.ts with Luxon instead. chrono's generic
 * filter is dropped because it discards digit-only fragments such as "1030".
 */
const KEPT_REFINERS = new Set(['OverlapRemovalRefiner', 'ENUnlikelyFormatFilter']);

/**
 * chrono's kept parsers read numeric dates or need a month name from its dictionaries (every
 * entry starts as below, after one of chrono's ASCII word boundaries); its French month-name
 * parser also needs the day's digits. A text with none of these skips them (see `hinted`).
 */
const CHRONO_HINT: Record<Language, RegExp> = {
  en: /\d|(?<![A-Za-z0-9_])(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)/i,
  fr: /\d/,
};

function build(language: Language, bareDurations: boolean, dayFirst: boolean): chrono.Chrono {
  const base = language === 'fr' ? chrono.fr.casual.clone() : chrono.en.casual.clone();
  if (language === 'en' && dayFirst) {
    // Only the numeric-date parser changes: chrono's whole GB setup also reads "september 15"
    // as a month and year.
    const slash = chrono.en.GB.parsers.find((p) => p.constructor.name === 'SlashDateFormatParser');
    if (slash) base.parsers = base.parsers.map((p) => (p.constructor.name === 'SlashDateFormatParser' ? slash : p));
  }
  const custom = language === 'en' ? englishParsers(bareDurations) : frenchParsers(bareDurations);
  base.parsers = [...custom, ...base.parsers.filter((p) => !REPLACED_PARSERS.has(p.constructor.name)).map((p) => hinted(p, CHRONO_HINT[language]))];
  base.refiners = base.refiners.filter((r) => KEPT_REFINERS.has(r.constructor.name));
  // Overlap removal must be last so that a fragment never survives beside a longer one.
  return base;
}

const cache = new Map<string, chrono.Chrono>();

/**
 * English numeric dates are read month first ("3/4" = 4 March) only where that is the local
 * habit (the US, Canada, the Philippines); a British or Australian user writing 3/4 means 3 April.
 * French is always day first.
 */
export function chronoFor(language: Language, bareDurations = false, dayFirst = true): chrono.Chrono {
  const key = `${language}:${bareDurations}:${language === 'fr' || dayFirst}`;
  let c = cache.get(key);
  if (!c) {
    c = build(language, bareDurations, dayFirst);
    cache.set(key, c);
  }
  return c;
}
