import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

/** The browser's amount is accepted and ignored: the server prices the plan from its own table. */
export class CreatePaymentSessionDto {
  @IsOptional() planId?: unknown;
  @IsOptional() plan?: unknown;
  @IsOptional() billingCycle?: unknown;
  @IsOptional() amount?: unknown;
  @IsOptional() currency?: unknown;
  @IsOptional() paymentMethod?: unknown;
}

export class ConfirmPaymentDto {
  @IsOptional() plan?: unknown;
  @IsOptional() @IsString() @MaxLength(255) session_id?: string;
  @IsOptional() @IsString() @MaxLength(255) sessionId?: string;
}

export class TestCardDto {
  @IsString({ message: 'Enter a card number.' })
  @IsNotEmpty({ message: 'Enter a card number.' })
  @MaxLength(32)
  cardNumber: string;

  @IsString({ message: 'Enter the expiry date (MM/YY).' })
  @IsNotEmpty({ message: 'Enter the expiry date (MM/YY).' })
  @MaxLength(7)
  expiry: string;

  @IsString({ message: 'Enter the security code.' })
  @IsNotEmpty({ message: 'Enter the security code.' })
  @MaxLength(4)
  cvc: string;
}

export class TestPortalDto {
  @IsBoolean() cancelAtPeriodEnd: boolean;
}
