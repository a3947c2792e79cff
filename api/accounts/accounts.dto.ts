import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const noSpaces = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.replace(/\s+/g, '') : value);
const emptyToUndefined = ({ value }: { value: unknown }) => (typeof value === 'string' && value.trim() === '' ? undefined : typeof value === 'string' ? value.trim() : value);

// Decorators run bottom-up and stop at the first failure: the most basic rule sits at the bottom.

export class RegisterDto {
  @MaxLength(32, { message: 'Please enter a valid phone number.' })
  @IsString({ message: 'Please enter a valid phone number.' })
  @IsNotEmpty({ message: 'Phone number is required' })
  @Transform(noSpaces)
  phoneNumber: string;

  @MaxLength(128, { message: 'Password must be at most 128 characters.' })
  @MinLength(8, { message: 'Password must be at least 8 characters.' })
  @IsString({ message: 'Password is required' })
  @IsNotEmpty({ message: 'Password is required' })
  password: string;

  @IsOptional()
  @Matches(/^[\p{L}\p{N}._+-]+$/u, { message: 'Username may only contain letters, digits, dots, dashes, underscores and plus.' })
  @MaxLength(64, { message: 'Username must be at most 64 characters.' })
  @MinLength(3, { message: 'Username must be at least 3 characters.' })
  @IsString({ message: 'Username must be text.' })
  @Transform(({ value }) => (typeof value === 'string' ? value.replace(/\s+/g, '') || undefined : value))
  username?: string;

  @IsOptional()
  @MaxLength(254, { message: 'Please enter a valid email address.' })
  @IsEmail({}, { message: 'Please enter a valid email address.' })
  @Transform(emptyToUndefined)
  email?: string;

  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{1,32}$/, { message: 'Invalid referral code.' })
  @IsString({ message: 'Invalid referral code.' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toUpperCase() || undefined : value))
  referredBy?: string;

  @IsOptional()
  @Matches(/^\+\d{1,4}(-[A-Z]{2})?$/, { message: 'Please verify that your phone number is in the correct format.' })
  @IsString({ message: 'Please verify that your phone number is in the correct format.' })
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

  @IsOptional()
  @Matches(/^\+\d{1,4}(-[A-Z]{2})?$/, { message: 'Please verify that your phone number is in the correct format.' })
  @IsString({ message: 'Please verify that your phone number is in the correct format.' })
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
  @MaxLength(32, { message: 'Please enter a valid phone number.' })
  @IsString({ message: 'Please enter a valid phone number.' })
  @IsNotEmpty({ message: 'Please enter a phone number' })
  @Transform(noSpaces)
  phoneNumber: string;

  @IsOptional()
  @Matches(/^\+\d{1,4}(-[A-Z]{2})?$/, { message: 'Please verify that your phone number is in the correct format.' })
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

  @IsOptional()
  @Matches(/^[\p{L}\p{N}._+-]+$/u, { message: 'Username may only contain letters, digits, dots, dashes, underscores and plus.' })
  @MaxLength(64, { message: 'Username must be at most 64 characters.' })
  @MinLength(3, { message: 'Username must be at least 3 characters.' })
  @IsString({ message: 'Username must be text.' })
  @Transform(noSpaces)
  username?: string;

  @IsOptional()
  @MaxLength(254, { message: 'Please enter a valid email address.' })
  @IsEmail({}, { message: 'Please enter a valid email address.' })
  @Transform(emptyToUndefined)
  email?: string;
}

export class RequestResetDto {
  @MaxLength(32, { message: 'Please enter a valid phone number.' })
  @IsString({ message: 'Please enter a valid phone number.' })
  @IsNotEmpty({ message: 'Phone number is required' })
  @Transform(noSpaces)
  phoneNumber: string;

  @IsOptional()
  @Matches(/^\+\d{1,4}(-[A-Z]{2})?$/, { message: 'Please verify that your phone number is in the correct format.' })
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
  @MaxLength(128, { message: 'Password must be at most 128 characters.' })
  @MinLength(8, { message: 'Password must be at least 8 characters.' })
  @IsString({ message: 'Password is required' })
  @IsNotEmpty({ message: 'Password is required' })
  newPassword: string;
}
