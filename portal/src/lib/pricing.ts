/** Display prices only: the server prices every purchase from its own table (SPEC decisions). */
export const PREMIUM_MONTHLY_EUR = 4.99;
export const PREMIUM_YEARLY_EUR = 49.9;
export const BASIC_WEEKLY_REMINDERS = 5;
export const TRIAL_DAYS = 7;

export type BillingCycle = 'monthly' | 'yearly';

export function isBillingCycle(value: unknown): value is BillingCycle {
  return value === 'monthly' || value === 'yearly';
}

/** Yearly saving against twelve monthly payments, as a whole percentage (~17 %). */
export function yearlySavingPercent(): number {
  return Math.round((1 - PREMIUM_YEARLY_EUR / (PREMIUM_MONTHLY_EUR * 12)) * 100);
}
