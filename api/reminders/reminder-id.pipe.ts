import { Injectable, NotFoundException, PipeTransform } from '@nestjs/common';
import { REMINDER_MESSAGES } from './reminder-rules';

/** A reminder id from the path; anything that cannot be one (text, 0, beyond int4) is a 404. */
@Injectable()
export class ReminderIdPipe implements PipeTransform<unknown, number> {
  transform(value: unknown): number {
    // The global ValidationPipe (transform) may already have turned the segment into a number.
    if (typeof value === 'number') value = Number.isInteger(value) ? String(value) : '';
    if (typeof value !== 'string' || !/^\d{1,10}$/.test(value)) throw new NotFoundException(REMINDER_MESSAGES.notFound);
    const id = Number(value);
    if (id < 1 || id > 2_147_483_647) throw new NotFoundException(REMINDER_MESSAGES.notFound);
    return id;
  }
}
