import { isValidInternationalPhone, normalizeLoginIdentifier, normalizePhone, splitInternationalPhone } from './phone';

describe('phone rules (SPEC §5)', () => {
  it('register: strips spaces, punctuation and leading zeros, then adds the country prefix', () => {
    expect(normalizePhone('06 12 34 56 78', '+33')).toBe('+33612345678');
    expect(normalizePhone('(0)6.12-34', '+33')).toBe('+3361234');
  });

  it('strips the -US / -CA suffix of the shared +1 prefix', () => {
    expect(normalizePhone('415 555 0100', '+1-US')).toBe('+14155550100');
    expect(normalizePhone('604 555 0100', '+1-CA')).toBe('+16045550100');
  });

  it('keeps a number already in international form', () => {
    expect(normalizePhone('+44 7700 900123', '+33')).toBe('+447700900123');
  });

  it('login: phone numbers get the prefix, usernames pass through without spaces', () => {
    expect(normalizeLoginIdentifier('06 12 34 56 78', '+33')).toBe('+33612345678');
    expect(normalizeLoginIdentifier('+216 20 123 456', '+33')).toBe('+21620123456');
    expect(normalizeLoginIdentifier(' camille l ', '+33')).toBe('camillel');
  });

  it('accepts 8 to 15 digits after the plus only', () => {
    expect(isValidInternationalPhone('+33612345678')).toBe(true);
    expect(isValidInternationalPhone('+33612')).toBe(false);
    expect(isValidInternationalPhone('+3361234567890123')).toBe(false);
  });
});

describe('splitInternationalPhone (a number handed over in a link)', () => {
  it('selects the country and leaves the national part', () => {
    expect(splitInternationalPhone('+33612345678')).toEqual({ country: '+33', national: '612345678' });
    expect(splitInternationalPhone('+21620123456')).toEqual({ country: '+216', national: '20123456' });
  });

  it('prefers the longest prefix', () => {
    expect(splitInternationalPhone('+352621123456')).toEqual({ country: '+352', national: '621123456' });
    expect(splitInternationalPhone('+351912345678')).toEqual({ country: '+351', national: '912345678' });
  });

  it('round-trips through normalizePhone', () => {
    for (const phone of ['+33612345678', '+14155550100', '+447700900123', '+212612345678']) {
      const { country, national } = splitInternationalPhone(phone);
      expect(normalizePhone(national, country)).toBe(phone);
    }
  });

  it('keeps an unlisted or national number whole', () => {
    expect(splitInternationalPhone('+99912345678', '+33')).toEqual({ country: '+33', national: '+99912345678' });
    expect(splitInternationalPhone('06 12 34 56 78', '+32')).toEqual({ country: '+32', national: '06 12 34 56 78' });
  });
});
