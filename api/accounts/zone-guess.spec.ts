import { guessZoneForPhone } from './zone-guess';

describe('zone of a new account from its phone number', () => {
  it('is certain for single-zone countries', () => {
    expect(guessZoneForPhone('+33612345678')).toEqual({ zone: 'Europe/Paris', certain: true });
    expect(guessZoneForPhone('+212650123456')).toEqual({ zone: 'Africa/Casablanca', certain: true });
    expect(guessZoneForPhone('+971501234567')).toEqual({ zone: 'Asia/Dubai', certain: true });
  });

  it('is a provisional guess with candidates for countries with several zones', () => {
    const us = guessZoneForPhone('+12015550123');
    expect(us.certain).toBe(false);
    expect(us.zone).toBe('America/New_York');
    expect(us.candidates).toEqual(expect.arrayContaining(['America/Chicago', 'America/Los_Angeles']));
    expect(guessZoneForPhone('+14165550123')).toMatchObject({ zone: 'America/Toronto', certain: false });
  });

  it('falls back to UTC for an unreadable number', () => {
    expect(guessZoneForPhone('not a number')).toEqual({ zone: 'UTC', certain: false });
  });
});
