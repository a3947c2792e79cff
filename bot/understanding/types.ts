export type Language = 'fr' | 'en';

export interface UnderstandContext {
  /** The moment the message arrived. */
  now: Date | string;
  /** The user's IANA zone. */
  timezone: string;
  /** The conversation language when known; detected from the text otherwise. */
  language?: Language;
}

export interface WhenResult {
  /** The instant the reminder is due. */
  dueAt: Date;
  /** The IANA zone the user meant (their own, or the one they named: "3pm New York time"). */
  zone: string;
  /** Wall-clock time in `zone`, yyyy-MM-ddTHH:mm. */
  dueLocal: string;
}

export interface UnderstoodReminder extends WhenResult {
  subject: string;
  language: Language;
  /**
   * RFC 5545 RRULE without DTSTART, read in `zone` (e.g. 'FREQ=WEEKLY;BYDAY=MO'); `dueAt` is the
   * first occurrence. null for a one-off reminder.
   */
  rrule: string | null;
}

export interface MissingWhen {
  subject: string;
  missing: 'when';
  language: Language;
  rrule?: string | null;
}

export type Understanding = (UnderstoodReminder | MissingWhen) & {
  /**
   * Present when the message asks for several reminders: all of them in the order said; the
   * top-level fields repeat the first one.
   */
  reminders?: Array<UnderstoodReminder | MissingWhen>;
};

/** What a follow-up message changes in the reminder just proposed or just confirmed. */
export type Correction =
  /** Merged with the current reminder: "non, plutôt à 18h" keeps the date, "non, jeudi" keeps the time. */
  | { kind: 'when'; dueAt: Date; zone: string; dueLocal: string; rrule: string | null }
  /** "change le sujet : appeler Paul", "actually it's to call Paul". */
  | { kind: 'subject'; subject: string }
  /** "annule le dernier", "cancel that", "laisse tomber". */
  | { kind: 'cancel' };

/** The reminder a correction applies to. */
export interface CurrentReminder {
  dueAt: Date;
  zone: string;
  subject: string;
  rrule: string | null;
}

export type DayPart = 'morning' | 'noon' | 'afternoon' | 'evening' | 'night';

/**
 * What one parsed fragment of text says about the due time, before the conventions are applied.
 * A fragment may carry several fields ("tomorrow evening" = date + day part); fragments of one
 * message are combined field by field.
 */
export interface WhenPiece {
  /** A calendar date in the due zone. `yearImplied` lets rule 7 move it to next year. */
  date?: { year: number; month: number; day: number; yearImplied?: boolean; monthImplied?: boolean };
  /**
   * The next date of the same kind, when `date` is today ("le premier samedi du mois" said on that
   * Saturday): used once today's time has passed.
   */
  thenDate?: { year: number; month: number; day: number };
  /** The date came from a weekday word (weaker than an explicit calendar date). */
  fromWeekday?: boolean;
  /**
   * The date is a position in a named month ("le 4e jeudi de novembre", "the last day of
   * February"): weekday 1-7, 0 for a day, WORKDAY for a working day; n from the end when negative.
   * A yearly habit keeps the position, not the day it falls on this year.
   */
  nth?: { n: number; weekday: number; month: number };
  /** An end said as a month alone ("until june", "jusqu'en juin"): the repetition ends with its last day. */
  wholeMonth?: boolean;
  /** "le jeudi": a weekday with the definite article and nothing else, which a habit said beside it makes one too (rule 13). */
  definite?: boolean;
  /** "jeudi", "on thursday": a weekday said with no article, qualifier or date, which a weekly habit it is joined to carries to (rule 16). */
  plainWeekday?: boolean;
  /** The date was relative ("in 3 days"): keep now's clock time unless a time is given. */
  keepClock?: boolean;
  /** "this weekend": Saturday, or today if today is Saturday and the time is still ahead. */
  weekend?: boolean;
  /** A time of day. `clock` says how to read the hour. */
  time?: {
    hour: number;
    minute: number;
    /**
     * exact: hour already on the 24-hour clock; am/pm: meridiem given; bare: an English hour
     * 1-12 with no meridiem (rule 8); fr: a French "5h", 24-hour unless a day part says otherwise.
     */
    clock: 'exact' | 'am' | 'pm' | 'bare' | 'fr';
    /** "midnight", "minuit trois": 00:xx of the following day (rule 3). */
    midnight?: boolean;
  };
  part?: DayPart;
  /**
   * The hour a qualified day part stands for when no time is given: "late afternoon" 17:00,
   * "en début d'après-midi" 14:00. The plain part still decides how a bare hour is read.
   */
  partHour?: number;
  /**
   * A phrase that says "some time later" without a time ("tout à l'heure", "later today"): it is
   * cut from the subject and leaves the due time unknown, so the bot asks.
   */
  vague?: boolean;
  /** The day part named "this"/"ce": today, even if its hour has passed. */
  partToday?: boolean;
  /** An exact instant (epoch ms): "in 3 hours". */
  instant?: number;
  /**
   * The time labels a thing ("the 7:15 train"): used only when no other time is given, and then
   * its words stay in the subject otherwise.
   */
  attributive?: boolean;
  /** Named zone: "3pm New York time". */
  zone?: string;
}
