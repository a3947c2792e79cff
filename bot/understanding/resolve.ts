import { DateTime } from 'luxon';
import { addDays, forwardDate, Ymd } from './calendar';
import { zoneNamed } from '../../api/common/zone-cache';
import { DayPart, WhenPiece } from './types';

/** Rule 3: the hour a day part stands for when no time is given. */
export const PART_HOUR: Record<DayPart, number> = {
  morning: 9,
  noon: 12,
  afternoon: 15,
  evening: 20,
  night: 20,
};

/**
 * Combines the pieces of one message: an explicit calendar date beats one from a weekday word,
 * the first time and the first day part win, a named zone applies to all.
 */
export function combinePieces(pieces: WhenPiece[]): WhenPiece {
  const out: WhenPiece = {};
  for (const p of pieces) {
    if (p.zone) out.zone ??= p.zone;
    if (p.instant !== undefined) out.instant ??= p.instant;
    if (p.date) {
      if (!out.date || (out.fromWeekday && !p.fromWeekday)) {
        out.date = p.date;
        out.thenDate = p.thenDate;
        out.fromWeekday = p.fromWeekday;
        out.keepClock = p.keepClock;
        out.nth = p.nth;
      }
    }
    if (p.weekend) out.weekend = true;
    if (p.time && !out.time) out.time = p.time;
    if (p.part && !out.part) {
      out.part = p.part;
      out.partToday = p.partToday;
      out.partHour = p.partHour;
    }
  }
  return out;
}

/** Hours the time may stand for, in order of preference (rule 8, day parts). */
export function candidateHours(piece: WhenPiece): number[] {
  const t = piece.time!;
  const part = piece.part;
  const h = t.hour;
  const late = part === 'afternoon' || part === 'evening' || (part === 'night' && h >= 6);
  switch (t.clock) {
    case 'exact':
      return [h];
    case 'am':
      return [h];
    case 'pm':
      return [h + 12];
    case 'fr':
      if (h < 12 && late) return [h + 12];
      if (h === 12 && part === 'night') return [0];
      return [h];
    case 'bare':
      if (part === 'morning') return [h];
      if (late) return [h + 12];
      if (part === 'night') return [h];
      if (part === 'noon') return [h < 6 ? h + 12 : h];
      return [h, h + 12];
  }
}

export interface Resolved {
  local: DateTime;
  zone: string;
}

/**
 * Applies the conventions to combined pieces. Everything is computed on wall-clock times in the
 * due zone with Luxon; building the final DateTime from wall-clock fields lets Luxon settle
 * nonexistent and repeated times at DST changes (rule 11).
 */
export function resolvePiece(piece: WhenPiece, nowInstant: DateTime, userZone: string): Resolved | null {
  const zone = piece.zone ?? userZone;
  const z = zoneNamed(zone);
  const now = nowInstant.setZone(z);
  if (piece.instant !== undefined) {
    return { local: DateTime.fromMillis(piece.instant, { zone: z }), zone };
  }
  // Calendar days as plain fields: only the candidate instants are Luxon DateTimes.
  const today: Ymd = { year: now.year, month: now.month, day: now.day };
  const at = (day: Ymd, hour: number, minute: number) =>
    DateTime.fromObject({ year: day.year, month: day.month, day: day.day, hour, minute }, { zone: z });

  const midnight = !!piece.time?.midnight;
  let hours: number[];
  let minute = 0;
  if (piece.time) {
    hours = candidateHours(piece);
    minute = piece.time.minute;
  } else if (piece.part) {
    hours = [piece.partHour ?? PART_HOUR[piece.part]];
  } else if (piece.date || piece.weekend) {
    hours = piece.keepClock ? [now.hour] : [9];
    minute = piece.keepClock ? now.minute : 0;
  } else {
    return null;
  }

  const firstAhead = (days: Ymd[]): DateTime => {
    let first: DateTime | null = null;
    for (const d of days) {
      for (const h of hours) {
        const c = at(d, h, minute);
        if (c > now) return c;
        first ??= c;
      }
    }
    return first!;
  };

  if (piece.date) {
    const fwd = forwardDate(piece.date, today);
    if (!isCalendarDate(fwd)) return null;
    const day = midnight ? addDays(fwd, 1) : fwd;
    const chosen = firstAhead([day]);
    if (chosen <= now && piece.thenDate && isCalendarDate(piece.thenDate)) return { local: firstAhead([piece.thenDate]), zone };
    return { local: chosen, zone };
  }
  if (piece.weekend) {
    const next = addDays(today, (6 - now.weekday + 7) % 7 || 7);
    const chosen = firstAhead([now.weekday === 6 ? today : next]);
    if (chosen <= now) return { local: firstAhead([next]), zone };
    return { local: chosen, zone };
  }
  if (midnight) return { local: firstAhead([addDays(today, 1)]), zone };
  if (piece.partToday && !piece.time) return { local: firstAhead([today]), zone };
  // Rule 1: today if still ahead, otherwise tomorrow.
  return { local: firstAhead([today, addDays(today, 1)]), zone };
}

/** Whether year, month and day name a real day (no 31 April). */
function isCalendarDate(d: Ymd): boolean {
  if (d.month < 1 || d.month > 12 || d.day < 1) return false;
  return d.day <= new Date(Date.UTC(d.year, d.month, 0)).getUTCDate();
}
