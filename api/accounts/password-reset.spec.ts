import { checkCode, generateCode, hashCode, RESET_CODE_MAX_TRIES, RESET_CODE_TTL_MS } from './password-reset.service';

describe('reset code rules', () => {
  const now = new Date('2026-03-01T10:00:00Z');
  const record = (over: Partial<{ expiresAt: Date; failedAttempts: number; usedAt: Date | null }> = {}) => ({
    codeHash: hashCode('123456'),
    expiresAt: new Date(now.getTime() + RESET_CODE_TTL_MS),
    failedAttempts: 0,
    usedAt: null,
    ...over,
  });

  it('codes are 6 digits', () => {
    for (let i = 0; i < 200; i++) expect(generateCode()).toMatch(/^\d{6}$/);
  });

  it('accepts the right code within 10 minutes', () => {
    expect(checkCode(record(), '123456', now)).toBe('ok');
    expect(checkCode(record(), '123456', new Date(now.getTime() + RESET_CODE_TTL_MS - 1000))).toBe('ok');
  });

  it('a wrong code is "wrong" (counted), an expired, used or locked one is "invalid"', () => {
    expect(checkCode(record(), '654321', now)).toBe('wrong');
    expect(checkCode(record({ expiresAt: now }), '123456', now)).toBe('invalid');
    expect(checkCode(record({ usedAt: now }), '123456', now)).toBe('invalid');
    expect(checkCode(record({ failedAttempts: RESET_CODE_MAX_TRIES - 1 }), '123456', now)).toBe('ok');
    expect(checkCode(record({ failedAttempts: RESET_CODE_MAX_TRIES }), '123456', now)).toBe('invalid');
    expect(checkCode(null, '123456', now)).toBe('invalid');
  });

  it('expiry is 10 minutes and the lock is 5 tries', () => {
    expect(RESET_CODE_TTL_MS).toBe(600_000);
    expect(RESET_CODE_MAX_TRIES).toBe(5);
  });
});
