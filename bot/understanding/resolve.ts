import { DateTime } from 'luxon';
import { forwardDate, nextWeekday } from './calendar';
import { zoneNamed } from './zone-cache';
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
        out.fromWeekday = p.fromWeekday;
        out.keepClock = p.keepClock;
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
  const today = now.startOf('day');
  const at = (day: DateTime, hour: number, minute: number) =>
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

  const firstAhead = (days: DateTime[]): DateTime => {
    const all: DateTime[] = [];
    for (const d of days) for (const h of hours) all.push(at(d, h, minute));
    return all.find((c) => c > now) ?? all[0];
  };

  if (piece.date) {
    const fwd = forwardDate(piece.date, today);
    let day = DateTime.fromObject({ year: fwd.year, month: fwd.month, day: fwd.day }, { zone: z });
    if (!day.isValid) return null;
    if (midnight) day = day.plus({ days: 1 });
    return { local: firstAhead([day]), zone };
  }
  if (piece.weekend) {
    const sat = today.weekday === 6 ? today : nextWeekday(today, 6);
    const chosen = firstAhead([sat]);
    if (chosen <= now) return { local: firstAhead([nextWeekday(today, 6)]), zone };
    return { local: chosen, zone };
  }
  if (midnight) return { local: firstAhead([today.plus({ days: 1 })]), zone };
  if (piece.partToday && !piece.time) return { local: firstAhead([today]), zone };
  // Rule 1: today if still ahead, otherwise tomorrow.
  return { local: firstAhead([today, today.plus({ days: 1 })]), zone };
}
