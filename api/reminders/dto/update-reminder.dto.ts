import { IsIn, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { REMINDER_MESSAGES, SUBJECT_MAX, SUBJECT_MIN, TEXT_MAX, TEXT_MIN } from '../reminder-rules';
import { IsFutureInstant } from './is-future-instant.decorator';

/** PATCH /api/reminders/:id — every field optional; `status` may only be 'cancelled'. */
export class UpdateReminderDto {
  @MaxLength(SUBJECT_MAX, { message: REMINDER_MESSAGES.subjectTooLong })
  @MinLength(SUBJECT_MIN, { message: REMINDER_MESSAGES.subjectTooShort })
  @IsString({ message: REMINDER_MESSAGES.subjectTooShort })
  @IsOptional()
  subject?: string;

  @MaxLength(TEXT_MAX, { message: REMINDER_MESSAGES.textTooLong })
  @MinLength(TEXT_MIN, { message: REMINDER_MESSAGES.textTooShort })
  @IsString({ message: REMINDER_MESSAGES.textTooShort })
  @IsOptional()
  reminderText?: string;

  @IsFutureInstant({ message: REMINDER_MESSAGES.futureDate })
  @IsString({ message: REMINDER_MESSAGES.futureDate })
  @IsOptional()
  time?: string;

  @IsIn(['cancelled'], { message: "status can only be set to 'cancelled'." })
  @IsOptional()
  status?: 'cancelled';
}
