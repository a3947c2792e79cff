import { ArgumentMetadata, BadRequestException } from '@nestjs/common';
import { createValidationPipe } from '../common/validation.pipe';
import { CreateReminderDto } from './dto/create-reminder.dto';
import { UpdateReminderDto } from './dto/update-reminder.dto';
import { ReminderIdPipe } from './reminder-id.pipe';
import { parseFutureInstant, REMINDER_MESSAGES, subjectProblem, textProblem } from './reminder-rules';

const pipe = createValidationPipe();
const body = (metatype: unknown): ArgumentMetadata => ({ type: 'body', metatype: metatype as never });
const future = () => new Date(Date.now() + 3600_000).toISOString();
const valid = () => ({ subject: 'Dentist', reminderText: 'Call the dentist back', time: future() });

async function messageFor(dto: unknown, payload: unknown): Promise<string | null> {
  try {
    await pipe.transform(payload, body(dto));
    return null;
  } catch (e) {
    expect(e).toBeInstanceOf(BadRequestException);
    return ((e as BadRequestException).getResponse() as { message: string }).message;
  }
}

describe('CreateReminderDto (the spec messages)', () => {
  it('accepts a valid payload and strips unknown fields', async () => {
    const out = await pipe.transform({ ...valid(), userId: 99, status: 'sent' }, body(CreateReminderDto));
    expect(out).toBeInstanceOf(CreateReminderDto);
    expect(out).not.toHaveProperty('userId');
    expect(out).not.toHaveProperty('status');
  });

  it.each([
    [{ subject: 'ab' }, REMINDER_MESSAGES.subjectTooShort],
    [{ subject: undefined }, REMINDER_MESSAGES.subjectTooShort],
    [{ subject: 12345 }, REMINDER_MESSAGES.subjectTooShort],
    [{ subject: 'x'.repeat(201) }, REMINDER_MESSAGES.subjectTooLong],
    [{ reminderText: 'too short' }, REMINDER_MESSAGES.textTooShort],
    [{ reminderText: ['an array', 'of strings'] }, REMINDER_MESSAGES.textTooShort],
    [{ reminderText: 'y'.repeat(2001) }, REMINDER_MESSAGES.textTooLong],
    [{ time: new Date(Date.now() - 60_000).toISOString() }, REMINDER_MESSAGES.futureDate],
    [{ time: 'tomorrow at 9' }, REMINDER_MESSAGES.futureDate],
    [{ time: '2099-13-45T99:00:00Z' }, REMINDER_MESSAGES.futureDate],
    [{ time: 1893456000000 }, REMINDER_MESSAGES.futureDate],
    [{ time: undefined }, REMINDER_MESSAGES.futureDate],
    [{ timezone: 'Mars/Olympus' }, REMINDER_MESSAGES.timezone],
  ])('%j → %s', async (patch, message) => {
    expect(await messageFor(CreateReminderDto, { ...valid(), ...patch })).toBe(message);
  });

  it('accepts an IANA timezone', async () => {
    expect(await messageFor(CreateReminderDto, { ...valid(), timezone: 'Africa/Lagos' })).toBeNull();
  });
});

describe('UpdateReminderDto', () => {
  it('allows an empty patch and status cancelled only', async () => {
    expect(await messageFor(UpdateReminderDto, {})).toBeNull();
    expect(await messageFor(UpdateReminderDto, { status: 'cancelled' })).toBeNull();
    expect(await messageFor(UpdateReminderDto, { status: 'sent' })).toMatch(/cancelled/);
    expect(await messageFor(UpdateReminderDto, { time: '2001-01-01T00:00:00Z' })).toBe(REMINDER_MESSAGES.futureDate);
    expect(await messageFor(UpdateReminderDto, { subject: 'no' })).toBe(REMINDER_MESSAGES.subjectTooShort);
  });
});

describe('rules shared with the bot', () => {
  it('subject and text minimums', () => {
    expect(subjectProblem('abc')).toBeNull();
    expect(subjectProblem('  ab  ')).toBe(REMINDER_MESSAGES.subjectTooShort);
    expect(textProblem('0123456789')).toBeNull();
    expect(textProblem('short')).toBe(REMINDER_MESSAGES.textTooShort);
    expect(textProblem('gym', false)).toBeNull();
    expect(textProblem('   ', false)).toBe(REMINDER_MESSAGES.textTooShort);
  });

  it('future instants are strict', () => {
    const now = new Date('2030-05-01T10:00:00Z');
    expect(parseFutureInstant('2030-05-01T10:00:00Z', now)).toBeNull();
    expect(parseFutureInstant('2030-05-01T10:00:00.001Z', now)?.toISOString()).toBe('2030-05-01T10:00:00.001Z');
    expect(parseFutureInstant('2030-05-01T12:00:00+02:00', now)).toBeNull();
    expect(parseFutureInstant(new Date('2030-05-02T00:00:00Z'), now)).not.toBeNull();
  });
});

describe('ReminderIdPipe', () => {
  const p = new ReminderIdPipe();
  it.each(['abc', '0', '-1', '1.5', '99999999999', '2147483648', ''])('%s → 404', (v) => {
    expect(() => p.transform(v)).toThrow(REMINDER_MESSAGES.notFound);
  });
  it('parses a valid id', () => expect(p.transform('2147483647')).toBe(2147483647));
});
