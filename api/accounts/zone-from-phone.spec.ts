import { zoneFromPhone } from './zone-from-phone';

describe('zoneFromPhone', () => {
  it.each([
    ['+33612345678', 'Europe/Paris'],
    ['+21620123456', 'Africa/Tunis'],
    ['+212612345678', 'Africa/Casablanca'],
    ['+4915112345678', 'Europe/Berlin'],
    ['+34612345678', 'Europe/Madrid'],
    ['+81312345678', 'Asia/Tokyo'],
    ['+971501234567', 'Asia/Dubai'],
    ['+221771234567', 'Africa/Dakar'],
    ['+447700900123', 'Europe/London'],
  ])('%s → %s', (phone, zone) => {
    expect(zoneFromPhone(phone)).toBe(zone);
  });

  it.each([
    ['+12125551234', 'US', 'America/New_York'],
    ['+14165551234', 'CA', 'America/Toronto'],
    ['+61412345678', 'AU', 'Australia/Sydney'],
    ['+79161234567', 'RU', 'Europe/Moscow'],
    ['+5511987654321', 'BR', 'America/Sao_Paulo'],
  ])('%s is ambiguous (%s)', (phone, country, first) => {
    const r = zoneFromPhone(phone);
    expect(r).toMatchObject({ ambiguous: true, country });
    const candidates = (r as { candidates: string[] }).candidates;
    expect(candidates[0]).toBe(first);
    expect(candidates.length).toBeGreaterThan(2);
    for (const zone of candidates) expect(() => new Intl.DateTimeFormat('en', { timeZone: zone })).not.toThrow();
    if (country === 'AU') expect(candidates).not.toContain('Asia/Tokyo');
  });

  it('accepts a number without its plus sign and rejects garbage', () => {
    expect(zoneFromPhone('33612345678')).toBe('Europe/Paris');
    expect(zoneFromPhone('+999')).toBeNull();
    expect(zoneFromPhone('hello')).toBeNull();
  });
});
