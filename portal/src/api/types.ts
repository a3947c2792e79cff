export type Language = 'fr' | 'en';
export type Plan = 'free' | 'basic' | 'standard' | 'premium' | string;

export interface User {
  id: number | string;
  username: string;
  displayName: string | null;
  phoneNumber: string;
  /** False while the number is only claimed: Rappel sends nothing to it until it is proved. */
  phoneVerified?: boolean;
  email: string | null;
  language: Language;
  timezone: string | null;
  profileImage: string | null;
  role: string;
  plan: Plan;
  createdAt: string;
}

export interface Quota {
  limit: number | null;
  used: number;
  windowDays: number;
  nextAvailableAt: string | null;
}

export interface Subscription {
  status: 'active' | 'trial' | 'expired' | string;
  plan: Plan;
  trialEndsAt: string | null;
  isOnTrial: boolean;
  trialDaysLeft: number;
  subscriptionEndsAt: string | null;
  billingCycle: 'monthly' | 'yearly' | null;
  /** An active paid subscription (a trial is not a payment). */
  paid?: boolean;
  subscriptionStatus?: string | null;
  nextBillingDate?: string | null;
  cancelsAt?: string | null;
  canManageBilling?: boolean;
  /** A running subscription: checkout is refused (409 already_subscribed); offer "Manage billing". */
  hasRunningSubscription?: boolean;
  quota: Quota;
}

export interface PlanDebug {
  plan: Plan;
  trialEndsAt: string | null;
  subscriptionEndsAt: string | null;
}

export type ReminderStatus = 'pending' | 'sent' | 'failed' | 'cancelled';

export interface Reminder {
  id: number | string;
  subject: string;
  reminderText: string;
  reminderTime: string;
  status: ReminderStatus;
  languageCode: Language;
  voiceNoteUrl: string | null;
  createdAt: string;
  timezone: string | null;
  /** RFC 5545 rule of a repeating reminder (read in `timezone`); null for a one-off. */
  rrule?: string | null;
  /** 'phone_proof': due, but waiting for the account's number to be confirmed. */
  waitingFor?: 'phone_proof' | null;
  /** "every Monday at 08:00" in the reminder's language; null for a one-off. */
  repeatDescription?: string | null;
  /** When it (or its series) is next due; null when nothing is left. */
  nextOccurrenceAt?: string | null;
}

export type RepeatChoice = 'none' | 'daily' | 'weekdays' | 'weekly' | 'monthly' | 'yearly';
export type WeekdayCode = 'MO' | 'TU' | 'WE' | 'TH' | 'FR' | 'SA' | 'SU';

/** One reminder read by POST /api/reminders/understand (the "just say it" box). */
export interface SaidReminder {
  subject: string;
  dueAt: string | null;
  dueLocal: string | null;
  timezone: string;
  language: Language;
  rrule: string | null;
  repeat: RepeatChoice | null;
  repeatDays?: WeekdayCode[];
  repeatDescription: string | null;
}

export interface SaidReminders {
  reminders: SaidReminder[];
  repeatNeedsPremium: boolean;
}

export interface PublicConfig {
  whatsappNumber: string | null;
  telegramBotUsername: string | null;
  simulator: boolean;
  payments: 'stripe' | 'test' | 'off';
  stripePublishableKey?: string | null;
}

export interface SuccessAnswer {
  success: boolean;
  message: string;
}
