import type { ChannelName, ReplyButton } from '../channels/channel.types';
import type { Language } from '../understanding/types';
import { t } from './i18n';

/** WhatsApp shows at most 3 reply buttons; the other apps take more. */
export function maxButtons(channel: ChannelName | string): number {
  return channel === 'whatsapp' ? 3 : 4;
}

/** What the voice note says: "Rappel : appeler le dentiste" / "Reminder: call mom". */
export function reminderSpeech(language: Language, text: string): string {
  return t(language, 'reminder.voice', { text: text.trim() });
}

export function reminderCaption(language: Language, text: string): string {
  return t(language, 'reminder.caption', { text: text.trim() });
}

/**
 * Snooze 10 min / 1 h / tomorrow, and done: the buttons under a delivered reminder; a repeating
 * one also offers "stop repeating" (on WhatsApp, whose limit is 3, in place of the third snooze).
 */
export function reminderButtons(language: Language, reminderId: number, channel: ChannelName | string, repeating = false): ReplyButton[] {
  const all: ReplyButton[] = [
    { id: `snooze:${reminderId}:10m`, title: t(language, 'button.snooze10m') },
    { id: `snooze:${reminderId}:1h`, title: t(language, 'button.snooze1h') },
    { id: `snooze:${reminderId}:tomorrow`, title: t(language, 'button.snoozeTomorrow') },
    { id: `done:${reminderId}`, title: t(language, 'button.done') },
  ];
  if (!repeating) return all.slice(0, maxButtons(channel));
  const stop = { id: `stop:${reminderId}`, title: t(language, 'button.stopSeries') };
  const max = maxButtons(channel);
  return max <= 3 ? [...all.slice(0, max - 1), stop] : [...all, stop];
}

export function playButtonId(reminderId: number): string {
  return `play:${reminderId}`;
}
