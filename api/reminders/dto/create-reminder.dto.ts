import { IsDefined, IsIn, IsOptional, IsString, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { REPEAT_CHOICES, REPEAT_MESSAGES, RepeatChoice, WeekdayCode } from '../repeat-choice';
import { IsWeekdayList } from './is-weekday-list.decorator';
import { REMINDER_MESSAGES, SUBJECT_MAX, SUBJECT_MIN, TEXT_MAX, TEXT_MIN } from '../reminder-rules';
import { IsFutureInstant } from './is-future-instant.decorator';
import { IsIanaZone } from './is-iana-zone.decorator';

/** POST /api/reminders. Decorators run bottom-up and stop at the first failure. */
export class CreateReminderDto {
  @MaxLength(SUBJECT_MAX, { message: REMINDER_MESSAGES.subjectTooLong })
  @MinLength(SUBJECT_MIN, { message: REMINDER_MESSAGES.subjectTooShort })
  @IsString({ message: REMINDER_MESSAGES.subjectTooShort })
  @IsDefined({ message: REMINDER_MESSAGES.subjectTooShort })
  subject: string;

  @MaxLength(TEXT_MAX, { message: REMINDER_MESSAGES.textTooLong })
  @MinLength(TEXT_MIN, { message: REMINDER_MESSAGES.textTooShort })
  @IsString({ message: REMINDER_MESSAGES.textTooShort })
  @IsDefined({ message: REMINDER_MESSAGES.textTooShort })
  reminderText: string;

  @IsFutureInstant({ message: REMINDER_MESSAGES.futureDate })
  @IsString({ message: REMINDER_MESSAGES.futureDate })
  @IsDefined({ message: REMINDER_MESSAGES.futureDate })
  time: string;

  @IsIanaZone({ message: REMINDER_MESSAGES.timezone })
  @IsOptional()
  timezone?: string;

  /** Optional repetition the server turns into an RRULE (Premium); 'none' or absent = one-off. */
  @IsIn(REPEAT_CHOICES, { message: REPEAT_MESSAGES.repeat })
  @IsOptional()
  repeat?: RepeatChoice;

  /** For `repeat: 'weekly'`: the weekdays (MO…SU); default the weekday of `time`. */
  @IsWeekdayList({ message: REPEAT_MESSAGES.repeatDays })
  @ValidateIf((o: CreateReminderDto) => o.repeatDays !== undefined)
  repeatDays?: WeekdayCode[];

  /**
   * A rule as the bot reads it (RFC 5545 RRULE, e.g. from the "just say it" box) when `repeat`
   * cannot express it ("le dernier vendredi du mois"); not with `repeat`. Premium.
   */
  @MaxLength(256, { message: REPEAT_MESSAGES.rrule })
  @IsString({ message: REPEAT_MESSAGES.rrule })
  @ValidateIf((o: CreateReminderDto) => o.rrule !== undefined)
  rrule?: string;
}
