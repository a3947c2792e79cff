import { DateTime } from 'luxon';
import type { BillingCycle } from './subscription.entity';

type Lang = 'fr' | 'en';

/** The bot's thank-you when Premium starts, in the user's language. */
export function premiumStartedMessage(language: Lang, cycle: BillingCycle | null, until: Date | null, zone: string): string {
  const date = until ? formatDate(until, zone, language) : null;
  if (language === 'en') {
    return `Thank you! Your Rappel Premium${cycle === 'yearly' ? ' (yearly)' : cycle === 'monthly' ? ' (monthly)' : ''} is active: unlimited reminders and priority support right here.${date ? ` Next renewal: ${date}.` : ''}`;
  }
  return `Merci ! Votre abonnement Rappel Premium${cycle === 'yearly' ? ' (annuel)' : cycle === 'monthly' ? ' (mensuel)' : ''} est actif : rappels illimités et assistance prioritaire ici même.${date ? ` Prochain renouvellement : ${date}.` : ''}`;
}

/** The yearly price as the renewal notice states it, in the user's language. */
export function yearlyAmount(language: Lang): string {
  return language === 'en' ? '49.90 EUR' : '49,90 EUR';
}

/** The notice a few days before a yearly renewal. */
export function renewalNoticeMessage(language: Lang, renewsAt: Date, zone: string): string {
  const date = formatDate(renewsAt, zone, language);
  return language === 'en'
    ? `A reminder from Rappel: your yearly Premium subscription renews on ${date} (${yearlyAmount('en')}). To change or cancel it, open "Manage billing" in your account's Subscription tab.`
    : `Un rappel de Rappel : votre abonnement Premium annuel sera renouvelé le ${date} (${yearlyAmount('fr')}). Pour le modifier ou l'annuler, ouvrez « Gérer la facturation » dans l'onglet Abonnement de votre compte.`;
}

export function formatDate(d: Date, zone: string, language: Lang): string {
  const dt = DateTime.fromJSDate(d, { zone: zone || 'UTC' });
  return (dt.isValid ? dt : DateTime.fromJSDate(d, { zone: 'UTC' })).setLocale(language === 'fr' ? 'fr-FR' : 'en-GB').toFormat('d LLLL yyyy');
}
