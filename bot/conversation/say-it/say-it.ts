import { entitlement } from '../../../api/accounts/plan';
import type { Plan } from '../../../api/accounts/user.entity';
import { describeRepeat } from '../../../api/reminders/recurrence';
import { repeatChoiceOf, type RepeatChoice, type WeekdayCode } from '../../../api/reminders/repeat-choice';
import { understand } from '../../understanding/understand';
import type { Language, MissingWhen, UnderstoodReminder } from '../../understanding/types';

/** One reminder read from the "just say it" box, as the portal's form takes it. */
export interface SaidReminder {
  subject: string;
  /** ISO instant of the (first) occurrence; null when the text gave no date or time. */
  dueAt: string | null;
  /** Wall-clock date and time in `timezone` (yyyy-MM-ddTHH:mm), for the form's date and time fields. */
  dueLocal: string | null;
  timezone: string;
  language: Language;
  rrule: string | null;
  /** The form's repeat control for the rule; null when the control cannot show it (then `rrule` is sent). */
  repeat: RepeatChoice | null;
  repeatDays?: WeekdayCode[];
  repeatDescription: string | null;
}

export interface SaidReminders {
  reminders: SaidReminder[];
  /** A repeat was understood but the account is not Premium (the form says so, with the upgrade link). */
  repeatNeedsPremium: boolean;
}

export interface SayItUser {
  language: Language;
  timezone: string;
  plan: Plan;
  trialEndsAt: Date | null;
  subscriptionEndsAt: Date | null;
}

/** The same understanding the bot uses, shaped for the portal's form; nothing is saved. */
export function sayIt(text: string, user: SayItUser, now: Date, zone: string): SaidReminders {
  const u = understand(text, { now, timezone: zone });
  const all: Array<UnderstoodReminder | MissingWhen> = u.reminders && u.reminders.length > 1 ? u.reminders : [u];
  const reminders = all
    .filter((r) => r.subject.replace(/[^\p{L}\p{N}]/gu, '').length > 0 || 'dueAt' in r)
    .map((r): SaidReminder => {
      const rrule = r.rrule ?? null;
      const timezone = 'dueAt' in r ? r.zone : zone;
      const choice = repeatChoiceOf(rrule);
      let description: string | null = null;
      if (rrule && 'dueAt' in r) {
        try {
          description = describeRepeat(rrule, timezone, r.dueAt, user.language);
        } catch {
          description = null;
        }
      }
      return {
        subject: r.subject,
        dueAt: 'dueAt' in r ? r.dueAt.toISOString() : null,
        dueLocal: 'dueAt' in r ? r.dueLocal : null,
        timezone,
        language: r.language,
        rrule,
        repeat: choice?.repeat ?? null,
        ...(choice?.repeatDays ? { repeatDays: choice.repeatDays } : {}),
        repeatDescription: description,
      };
    });
  const repeatNeedsPremium = reminders.some((r) => r.rrule) && entitlement(user, now).plan !== 'premium';
  return { reminders, repeatNeedsPremium };
}
