import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { LoginDto, ProfileImageDto, RegisterDto, ResetPasswordDto } from './accounts.dto';

async function firstError(cls: new () => object, body: object): Promise<string | undefined> {
  const errors = await validate(plainToInstance(cls, body) as object, { stopAtFirstError: true, whitelist: true });
  return errors.length ? Object.values(errors[0].constraints ?? {})[0] : undefined;
}

describe('account payload rules (spec §5 wording)', () => {
  it('register: phone and password required, in the spec words', async () => {
    expect(await firstError(RegisterDto, { password: 'secret-pass' })).toBe('Phone number is required');
    expect(await firstError(RegisterDto, { phoneNumber: '   ', password: 'secret-pass' })).toBe('Phone number is required');
    expect(await firstError(RegisterDto, { phoneNumber: '0612345678' })).toBe('Password is required');
    expect(await firstError(RegisterDto, { phoneNumber: '0612345678', password: 'secret-pass' })).toBeUndefined();
  });

  it('register: removes spaces from the phone and upper-cases the referral code', async () => {
    const dto = plainToInstance(RegisterDto, { phoneNumber: '06 12 34 56 78', password: 'secret-pass', referredBy: ' ab12cd ' });
    expect(dto.phoneNumber).toBe('0612345678');
    expect(dto.referredBy).toBe('AB12CD');
  });

  it('register: email optional but checked, country code format checked', async () => {
    expect(await firstError(RegisterDto, { phoneNumber: '0612345678', password: 'secret-pass', email: '' })).toBeUndefined();
    expect(await firstError(RegisterDto, { phoneNumber: '0612345678', password: 'secret-pass', email: 'x@' })).toBe('Please enter a valid email address.');
    expect(await firstError(RegisterDto, { phoneNumber: '0612345678', password: 'secret-pass', countryCode: '+1-US' })).toBeUndefined();
    expect(await firstError(RegisterDto, { phoneNumber: '0612345678', password: 'secret-pass', countryCode: '33' })).toBe('Please verify that your phone number is in the correct format.');
  });

  it('login: spaces removed from the username; both fields required', async () => {
    expect(plainToInstance(LoginDto, { username: ' 06 12 34 ', password: 'x' }).username).toBe('061234');
    expect(await firstError(LoginDto, { password: 'x' })).toBe('Phone number is required');
    expect(await firstError(LoginDto, { username: 'bob' })).toBe('Password is required');
  });

  it('profile image must be a data:image URL', async () => {
    expect(await firstError(ProfileImageDto, { profileImage: 'data:image/png;base64,AAAA' })).toBeUndefined();
    expect(await firstError(ProfileImageDto, { profileImage: 'data:text/html;base64,AAAA' })).toMatch(/data:image/);
    expect(await firstError(ProfileImageDto, { profileImage: 'javascript:alert(1)' })).toMatch(/data:image/);
  });

  it('reset: code is 6 digits, new password required', async () => {
    expect(await firstError(ResetPasswordDto, { phoneNumber: '0612345678', code: '12345', newPassword: 'long-enough' })).toBe('The code is 6 digits.');
    expect(await firstError(ResetPasswordDto, { phoneNumber: '0612345678', code: '123456' })).toBe('Password is required');
  });
});
