import { DateTime } from 'luxon';
import { zoneNamed } from './zone-cache';

describe('zoneNamed (remembered offsets)', () => {
  it.each(['Europe/Paris', 'America/New_York', 'Australia/Sydney', 'Pacific/Auckland', 'Africa/Casablanca', 'Asia/Kolkata', 'America/St_Johns'])(
    'gives the same offsets as the plain zone across a year of %s (every minute around each change)',
    (name) => {
      const zone = zoneNamed(name);
      const plain = (t: number) => DateTime.fromMillis(t, { zone: name }).offset;
      const start = Date.UTC(2026, 0, 1);
      const hour = 3600000;
      for (let t = start; t < start + 366 * 24 * hour; t += hour) {
        if (zone.offset(t) !== plain(t)) throw new Error(`${name} differs at ${new Date(t).toISOString()}`);
        // Around each change of offset, every minute.
        if (plain(t) !== plain(t + hour)) {
          for (let u = t - 2 * hour; u < t + 3 * hour; u += 60000) {
            if (zone.offset(u) !== plain(u)) throw new Error(`${name} differs at ${new Date(u).toISOString()}`);
          }
        }
      }
    },
  );

  it('builds the same wall-clock times, DST gaps included', () => {
    const plain = DateTime.fromObject({ year: 2026, month: 3, day: 29, hour: 2, minute: 30 }, { zone: 'Europe/Paris' });
    const cached = DateTime.fromObject({ year: 2026, month: 3, day: 29, hour: 2, minute: 30 }, { zone: zoneNamed('Europe/Paris') });
    expect(cached.toMillis()).toBe(plain.toMillis());
    expect(cached.toFormat('HH:mm')).toBe('03:30');
  });

  it('gives an invalid zone for an unknown name', () => {
    expect(zoneNamed('Mars/Olympus').isValid).toBe(false);
  });
});
