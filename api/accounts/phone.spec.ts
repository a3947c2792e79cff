import { COUNTRY_PREFIXES, dialCode, normalizePhone } from './phone';

/** A valid national number (without trunk 0) for each of the 23 countries. */
const SAMPLES: Record<string, string> = {
  FR: '612345678', BE: '470123456', CH: '781234567', LU: '628123456', MC: '612345678', CA: '4165550123',
  US: '2015550123', GB: '7400123456', DE: '15123456789', ES: '612345678', IT: '3123456789', PT: '912345678',
  NL: '612345678', MA: '650123456', DZ: '551234567', TN: '20123456', SN: '701234567', CI: '0701234567',
  CM: '671234567', AE: '501234567', SA: '512345678', QA: '33123456', EG: '1001234567', NG: '8021234567',
};

describe('phone normalisation', () => {
  it('offers 23 countries with US and Canada coded +1-US / +1-CA', () => {
    expect(COUNTRY_PREFIXES).toHaveLength(23);
    expect(COUNTRY_PREFIXES.map((c) => c.code)).toEqual(expect.arrayContaining(['+1-US', '+1-CA', '+33']));
    expect(new Set(COUNTRY_PREFIXES.map((c) => c.code)).size).toBe(23);
  });

  it.each(COUNTRY_PREFIXES.map((c) => [c.iso, c.code]))('accepts a number of %s with prefix %s', (iso, code) => {
    const national = SAMPLES[iso];
    const expected = `${dialCode(code)}${national}`;
    expect(normalizePhone(national, code)).toBe(expected);
    // Already international: the chosen country does not matter.
    expect(normalizePhone(expected, '+33')).toBe(expected);
  });

  it('strips the -US/-CA suffix', () => {
    expect(dialCode('+1-US')).toBe('+1');
    expect(dialCode('+1-CA')).toBe('+1');
    expect(normalizePhone('(201) 555-0123', '+1-US')).toBe('+12015550123');
    expect(normalizePhone('416 555 0123', '+1-CA')).toBe('+14165550123');
  });

  it('strips leading zeros and spaces, keeps only digits and +', () => {
    expect(normalizePhone('06 12 34 56 78', '+33')).toBe('+33612345678');
    expect(normalizePhone('0612345678', '+33')).toBe('+33612345678');
    expect(normalizePhone('06.12.34.56.78', '+33')).toBe('+33612345678');
    expect(normalizePhone(' +33 6 12 34 56 78 ', '+44')).toBe('+33612345678');
    expect(normalizePhone('0033612345678', '+44')).toBe('+33612345678');
  });

  it('defaults to +33 when no country is chosen', () => {
    expect(normalizePhone('0612345678')).toBe('+33612345678');
    expect(normalizePhone('0612345678', undefined)).toBe('+33612345678');
  });

  it('refuses what is not a valid number', () => {
    expect(normalizePhone('', '+33')).toBeNull();
    expect(normalizePhone('abc', '+33')).toBeNull();
    expect(normalizePhone('12', '+33')).toBeNull();
    expect(normalizePhone('061234567899999', '+33')).toBeNull();
    expect(normalizePhone('0612345678', 'France')).toBeNull();
    expect(normalizePhone(undefined, '+33')).toBeNull();
    expect(normalizePhone(612345678 as unknown as string, '+33')).toBeNull();
  });
});
