import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, MinLength, ValidateIf } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const noSpaces = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.replace(/\s+/g, '') : value);
const emptyToUndefined = ({ value }: { value: unknown }) => (typeof value === 'string' && value.trim() === '' ? undefined : typeof value === 'string' ? value.trim() : value);


// class-validator stops at a property's first failing rule, in the order the rules are listed to
// applyDecorators: the most basic rule ("required") comes first.
const COUNTRY_CODE = /^\+\d{1,4}(-[A-Z]{2})?$/;
const USERNAME = /^[\p{L}\p{N}._+-]+$/u;

/** A phone number as typed: spaces removed; normalised to E.164 by the service. */
const PhoneField = (requiredMessage = 'Phone number is required') =>
  applyDecorators(
    IsNotEmpty({ message: requiredMessage }),
    IsString({ message: 'Please enter a valid phone number.' }),
    MaxLength(32, { message: 'Please enter a valid phone number.' }),
    Transform(noSpaces),
  );

/** "+33", or "+1-US"/"+1-CA" (the suffix tells the two +1 countries apart). */
const CountryCodeField = () =>
  applyDecorators(
    IsOptional(),
    IsString({ message: 'Please verify that your phone number is in the correct format.' }),
    Matches(COUNTRY_CODE, { message: 'Please verify that your phone number is in the correct format.' }),
  );

const NewPasswordField = () =>
  applyDecorators(
    IsNotEmpty({ message: 'Password is required' }),
    IsString({ message: 'Password is required' }),
    MinLength(8, { message: 'Password must be at least 8 characters.' }),
    MaxLength(128, { message: 'Password must be at most 128 characters.' }),
  );

// Left out, a username stays as it is; null is no username at all and gets the same 400 as any other non-text.
const UsernameField = () =>
  applyDecorators(
    ValidateIf((_o: unknown, value: unknown) => value !== undefined),
    IsString({ message: 'Username must be text.' }),
    MinLength(3, { message: 'Username must be at least 3 characters.' }),
    MaxLength(64, { message: 'Username must be at most 64 characters.' }),
    Matches(USERNAME, { message: 'Username may only contain letters, digits, dots, dashes, underscores and plus.' }),
  );

const EmailField = () =>
  applyDecorators(
    IsOptional(),
    IsEmail({}, { message: 'Please enter a valid email address.' }),
    MaxLength(254, { message: 'Please enter a valid email address.' }),
    Transform(emptyToUndefined),
  );

// Decorators stacked directly run bottom-up: there too the most basic rule sits at the bottom.

export class RegisterDto {
  @PhoneField()
  phoneNumber: string;

  @NewPasswordField()
  password: string;

  @UsernameField()
  @Transform(({ value }) => (typeof value === 'string' ? value.replace(/\s+/g, '') || undefined : value))
  username?: string;

  @EmailField()
  email?: string;

  /** A code that is not a partner's is dropped by the service; one that cannot be a code is dropped here. */
  @IsOptional()
  @IsString()
  @Transform(({ value }) => (typeof value === 'string' && /^[A-Za-z0-9]{1,32}$/.test(value.trim()) ? value.trim().toUpperCase() : undefined))
  referredBy?: string;

  @CountryCodeField()
  countryCode?: string;

  @IsOptional()
  @IsIn(['en', 'fr'], { message: "Language must be 'en' or 'fr'." })
  language?: 'en' | 'fr';

  @IsOptional()
  @MaxLength(64, { message: 'Unknown timezone.' })
  @IsString({ message: 'Unknown timezone.' })
  timezone?: string;
}

export class LoginDto {
  @MaxLength(64, { message: 'Invalid credentials, please check your phone number and password' })
  @IsString({ message: 'Phone number is required' })
  @IsNotEmpty({ message: 'Phone number is required' })
  @Transform(noSpaces)
  username: string;

  @CountryCodeField()
  countryCode?: string;

  @MaxLength(128, { message: 'Invalid credentials, please check your phone number and password' })
  @IsString({ message: 'Password is required' })
  @IsNotEmpty({ message: 'Password is required' })
  password: string;
}

export class LanguageDto {
  @IsIn(['en', 'fr'], { message: "Language must be 'en' or 'fr'." })
  @IsNotEmpty({ message: "Language must be 'en' or 'fr'." })
  language: 'en' | 'fr';
}

export class PhoneDto {
  @PhoneField('Please enter a phone number')
  phoneNumber: string;

  @CountryCodeField()
  countryCode?: string;
}

export class TimezoneDto {
  @MaxLength(64, { message: 'Unknown timezone.' })
  @IsString({ message: 'Unknown timezone.' })
  @IsNotEmpty({ message: 'Unknown timezone.' })
  @Transform(trim)
  timezone: string;
}

/** About 1.5 MB of base64, i.e. an image of roughly 1.1 MB. */
export const MAX_PROFILE_IMAGE_CHARS = 1_500_000;

export class ProfileImageDto {
  @MaxLength(MAX_PROFILE_IMAGE_CHARS, { message: 'Profile image is too large (1 MB at most).' })
  @Matches(/^data:image\/(png|jpe?g|gif|webp|avif);base64,[A-Za-z0-9+/=\s]+$/, { message: 'Profile image must be an image data URL (data:image/...).' })
  @IsString({ message: 'Profile image must be an image data URL (data:image/...).' })
  @IsNotEmpty({ message: 'Profile image must be an image data URL (data:image/...).' })
  profileImage: string;
}

export class ProfileDto {
  @IsOptional()
  @MaxLength(80, { message: 'Display name must be at most 80 characters.' })
  @IsString({ message: 'Display name must be text.' })
  @Transform(trim)
  displayName?: string;

  @UsernameField()
  @Transform(noSpaces)
  username?: string;

  @EmailField()
  email?: string;
}

export class RequestResetDto {
  @PhoneField()
  phoneNumber: string;

  @CountryCodeField()
  countryCode?: string;
}

export class VerifyCodeDto extends RequestResetDto {
  @Matches(/^\d{6}$/, { message: 'The code is 6 digits.' })
  @IsString({ message: 'The code is 6 digits.' })
  @IsNotEmpty({ message: 'Code is required' })
  @Transform(noSpaces)
  code: string;
}

export class ResetPasswordDto extends VerifyCodeDto {
  @NewPasswordField()
  newPassword: string;
}

/** POST /api/user/phone/verify: the code Rappel sent to the claimed number. */
export class PhoneCodeDto {
  @Matches(/^\d{6}$/, { message: 'The code is 6 digits.' })
  @IsString({ message: 'The code is 6 digits.' })
  @IsNotEmpty({ message: 'Code is required' })
  @Transform(noSpaces)
  code: string;
}
