import { COUNTRIES } from './countries';
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

describe('one phone module for the portal and the server (libphonenumber-js)', () => {
  // Imported from the server: the same function registration runs.
  const server = jest.requireActual('../../../api/accounts/phone') as typeof import('../../../api/accounts/phone');

  it("Côte d'Ivoire keeps the leading 0 of its 10-digit numbers: 07 07 12 34 56 with +225", () => {
    expect(normalizePhone('07 07 12 34 56', '+225')).toBe('+2250707123456');
    expect(server.normalizePhone('07 07 12 34 56', '+225')).toBe('+2250707123456');
  });

  /** One real mobile number per listed country, typed the way people of that country write it. */
  const NATIONAL: Record<string, [string, string]> = {
    FR: ['06 12 34 56 78', '+33612345678'],
    BE: ['0470 12 34 56', '+32470123456'],
    CH: ['078 123 45 67', '+41781234567'],
    LU: ['621 123 456', '+352621123456'],
    CA: ['(604) 555-0143', '+16045550143'],
    US: ['(415) 555-0143', '+14155550143'],
    GB: ['07400 123456', '+447400123456'],
    DE: ['01512 3456789', '+4915123456789'],
    ES: ['612 34 56 78', '+34612345678'],
    IT: ['312 345 6789', '+393123456789'],
    PT: ['912 345 678', '+351912345678'],
    NL: ['06 12345678', '+31612345678'],
    MA: ['06 12 34 56 78', '+212612345678'],
    DZ: ['0551 23 45 67', '+213551234567'],
    TN: ['20 123 456', '+21620123456'],
    SN: ['77 123 45 67', '+221771234567'],
    CI: ['07 07 12 34 56', '+2250707123456'],
    CM: ['6 71 23 45 67', '+237671234567'],
    EG: ['0100 123 4567', '+201001234567'],
    NG: ['0802 123 4567', '+2348021234567'],
    AE: ['050 123 4567', '+971501234567'],
    SA: ['051 234 5678', '+966512345678'],
    QA: ['3312 3456', '+97433123456'],
  };

  it.each(COUNTRIES.map((c) => [c.iso, c.code]))('%s (%s): portal and server give the same E.164', (iso, code) => {
    const [typed, e164] = NATIONAL[iso];
    expect(normalizePhone(typed, code)).toBe(e164);
    expect(server.normalizePhone(typed, code)).toBe(e164);
  });

  it('the country list is the server’s (23 countries)', () => {
    expect(COUNTRIES).toBe(server.COUNTRY_PREFIXES);
    expect(COUNTRIES).toHaveLength(23);
  });
});
