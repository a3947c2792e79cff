import { Transform } from 'class-transformer';
import { IsBoolean, IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

export const REQUIRED = 'Veuillez remplir tous les champs obligatoires';
export const DUPLICATE_CODE = 'Ce code de parrainage existe déjà, veuillez en générer un autre';
export const BAD_CODE = 'Le code de parrainage doit comporter 6 caractères (lettres A-Z et chiffres)';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || undefined : value);

// Decorators run bottom-up and stop at the first failure: "required" sits at the bottom.
export class CreatePartnerDto {
  @MaxLength(120, { message: 'Le nom ne doit pas dépasser 120 caractères' })
  @IsString({ message: REQUIRED })
  @IsNotEmpty({ message: REQUIRED })
  @Transform(trimmed)
  name: string;

  @MaxLength(254, { message: 'Adresse e-mail invalide' })
  @IsEmail({}, { message: 'Adresse e-mail invalide' })
  @IsNotEmpty({ message: REQUIRED })
  @Transform(trimmed)
  email: string;

  @IsOptional()
  @MaxLength(32, { message: 'Numéro de téléphone invalide' })
  @IsString({ message: 'Numéro de téléphone invalide' })
  @Transform(trimmed)
  phoneNumber?: string | null;

  @Matches(/^[A-Z0-9]{6}$/, { message: BAD_CODE })
  @IsString({ message: REQUIRED })
  @IsNotEmpty({ message: REQUIRED })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toUpperCase() || undefined : value))
  referralCode: string;

  @IsOptional()
  @IsBoolean({ message: 'Le statut doit être vrai ou faux' })
  active?: boolean;
}

export class UpdatePartnerDto {
  @IsBoolean({ message: 'Le statut doit être vrai ou faux' })
  @IsNotEmpty({ message: REQUIRED })
  active: boolean;
}

export class UpdateCommissionDto {
  @IsIn(['paid'], { message: "Seul le statut 'paid' peut être appliqué" })
  @IsNotEmpty({ message: REQUIRED })
  status: 'paid';
}
