import { DateTime } from 'luxon';

export const UPGRADE_URL = '/pricing';

/** The over-quota sentence in the user's language, with the instant shown in the user's zone. */
export function quotaExceededMessage(language: string, limit: number, nextAvailableAt: Date, zone: string): string {
  const fr = language === 'fr';
  const when = DateTime.fromJSDate(nextAvailableAt, { zone: zone || 'UTC' });
  const at = (when.isValid ? when : DateTime.fromJSDate(nextAvailableAt, { zone: 'UTC' }))
    .setLocale(fr ? 'fr-FR' : 'en-GB')
    .toFormat(fr ? "cccc d LLLL yyyy 'à' HH:mm" : "cccc d LLLL yyyy 'at' HH:mm");
  const zoneName = when.isValid ? when.zoneName : 'UTC';
  return fr
    ? `Vous avez atteint la limite de ${limit} rappels sur 7 jours de votre formule. Votre prochain rappel sera possible le ${at} (${zoneName}). Pour des rappels illimités, passez à Premium : ${UPGRADE_URL}`
    : `You have reached your plan's limit of ${limit} reminders per 7 days. Your next reminder will be possible on ${at} (${zoneName}). For unlimited reminders, upgrade to Premium: ${UPGRADE_URL}`;
}
