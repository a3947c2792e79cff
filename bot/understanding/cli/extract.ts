import { createInterface } from 'node:readline';
import { DateTime } from 'luxon';
import { MissingWhen, UnderstoodReminder } from '../types';
import { understand } from '../understand';

/**
 * Reads JSONL cases on stdin ({id, text, now, timezone, language}) and writes one answer per
 * line, in order: {id, subject, dueAt, zone, dueLocal, rrule} and, when the message asks for
 * several reminders, `reminders`: each {subject, dueAt, zone, dueLocal, rrule} in the order said. dueAt is ISO 8601 with the offset of
 * the reminder's zone, or null when the text gives no date or time.
 */
async function main(): Promise<void> {
  const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of rl) {
    if (!line.trim()) continue;
    const c = JSON.parse(line) as { id: string; text: string; now: string; timezone: string; language?: 'fr' | 'en' };
    let out: Record<string, unknown>;
    try {
      const r = understand(c.text, { now: c.now, timezone: c.timezone, language: c.language });
      out = { id: c.id, ...view(r, c.timezone) };
      if (r.reminders && r.reminders.length > 1) out.reminders = r.reminders.map((x) => view(x, c.timezone));
    } catch (err) {
      out = { id: c.id, subject: '', dueAt: null, zone: c.timezone, dueLocal: null, error: String(err) };
    }
    process.stdout.write(JSON.stringify(out) + '\n');
  }
}

function view(r: UnderstoodReminder | MissingWhen, timezone: string): Record<string, unknown> {
  return 'dueLocal' in r
    ? { subject: r.subject, dueAt: toOffsetIso(r.dueAt, r.zone), zone: r.zone, dueLocal: r.dueLocal, rrule: r.rrule }
    : { subject: r.subject, dueAt: null, zone: timezone, dueLocal: null, rrule: r.rrule ?? null };
}

function toOffsetIso(at: Date, zone: string): string {
  return DateTime.fromJSDate(at).setZone(zone).toISO({ suppressMilliseconds: true })!;
}

main().catch((err) => {
  process.stderr.write(String(err?.stack ?? err) + '\n');
  process.exit(1);
});
