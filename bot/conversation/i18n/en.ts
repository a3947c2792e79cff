/** English bot catalog. `{name}` placeholders are filled by t(). Button titles stay ≤ 20 characters (WhatsApp). */
export const en = {
  'button.confirm': 'Confirm',
  'button.change': 'Change',
  'button.cancel': 'Cancel',
  'button.snooze10m': 'In 10 min',
  'button.snooze1h': 'In 1 hour',
  'button.snoozeTomorrow': 'Tomorrow',
  'button.done': 'Done ✅',
  'button.play': 'Play it',

  'confirm.ask': '📅 {subject} — {when} ({zone}). Shall I confirm?',
  'confirm.done': '✅ Done! I will remind you {when} ({zone}).',
  'confirm.nothing': 'There is nothing to confirm right now. Tell me what to remind you of and when.',
  'draft.cancelled': 'OK, I dropped that reminder.',
  'draft.askWhen': 'When should I remind you to {subject}? (e.g. "tomorrow at 9am", "in 2 hours")',
  'draft.askWhenAgain': 'I did not catch a date or time. When should I remind you? (e.g. "Monday 6pm")',
  'draft.askChange': 'What should I change? Send the new date and time, or the whole reminder again.',
  'draft.askSubject': 'What should I remind you of {when}?',
  'draft.past': 'That time has already passed. When should I remind you?',
  'draft.invalid': 'I could not save this reminder: {reason}',

  'quota.exceeded': '{message}\nUpgrade: {url}',

  'list.empty': 'You have no upcoming reminders. Send me a voice note or a message like "call mom tomorrow at 6pm".',
  'list.header': 'Your upcoming reminders:',
  'list.item': '{n}. {subject} — {when}',
  'list.footer': 'Reply "cancel 2" to cancel one, or "move 2 to 6pm" to move it.',

  'cancel.which': 'Which reminder should I cancel? Send "list" to see them, then "cancel 2".',
  'cancel.done': '🗑️ Cancelled: {subject} ({when}).',
  'cancel.unknown': 'I cannot find reminder number {n}. Send "list" to see your reminders.',
  'reschedule.which': 'Which reminder should I move? Send "list", then e.g. "move 2 to 6pm".',
  'reschedule.when': 'To when should I move it? (e.g. "move it to 6pm")',
  'reschedule.done': '🔁 Moved: {subject} — {when} ({zone}).',
  'reminder.notPending': 'That reminder is no longer pending, so it cannot be changed.',
  'reminder.busy': 'That reminder is being delivered right now; try again in a minute.',

  'snooze.done': '⏰ Snoozed: I will remind you again {when} ({zone}).',
  'snooze.which': 'There is no delivered reminder to snooze.',
  'done.ack': '👍 Great, marked as done.',

  'optout.done': 'Done: you will no longer receive our announcements. Your own reminders keep coming as usual. Send START to receive announcements again.',
  'optin.done': 'Done: you will receive our announcements again. Send STOP at any time to stop them.',
  'lang.set': 'I will speak English with you from now on.',
  'lang.ask': 'Which language? Send "/lang en" for English or "/lang fr" for French.',

  'tz.set': '🌍 Your timezone is now {zone} (it is {time} there).',
  'tz.unknown': 'I do not know the timezone "{input}". Send a city (e.g. "timezone Montreal") or an IANA name (e.g. "America/Toronto").',
  'tz.ask': 'Which timezone are you in? Send a city or an IANA name, e.g. "timezone Paris".',
  'tz.choose': 'Your number is from a country with several time zones. Which one is yours?',
  'tz.current': 'Your timezone is {zone} (it is {time} there). To change it, send e.g. "timezone New York".',

  'help': 'I turn your voice notes and messages into reminders, delivered back to you as voice notes.\n• Say or type e.g. "call the dentist Monday at 9:30"\n• "list" — your upcoming reminders\n• "cancel 2" — cancel one\n• "move 2 to 6pm" — move one\n• "language fr" — parler français\n• "timezone Montreal" — change your timezone',
  'unrecognised': 'Sorry, I did not understand. Tell me what to remind you of and when, e.g. "call mom tomorrow at 6pm", or send "help".',

  'welcome.whatsapp': '👋 Welcome to Rappel! Send me a voice note or a message like "call mom tomorrow at 6pm" and I will remind you with a voice note. Your account is ready — set a password to use the website: {url}',
  'welcome.telegram': '👋 Welcome to Rappel! Send me a voice note or a message like "call mom tomorrow at 6pm" and I will remind you with a voice note. Already have an account? Link it from the website ({url}) or share your contact with me.',
  'welcome.link': '👋 Hello from Rappel! Send me a voice note or a message here, e.g. "call mom tomorrow at 6pm", and I will remind you with a voice note. Your account: {url}',
  'link.done': '🔗 This chat is now linked to your Rappel account ({name}).',
  'link.invalid': 'This link is invalid or has expired. Generate a new one from the website.',
  'contact.linked': '🔗 Thanks! This chat is now linked to the account of {phone}.',
  'contact.saved': '📱 Thanks, your number {phone} is saved.',

  'voice.notConfigured': 'Voice notes are not set up on this server yet. Please type your reminder instead, e.g. "call mom tomorrow at 6pm".',
  'voice.unreadable': 'Sorry, I could not listen to that voice note. Could you send it again, or type your reminder?',
  'voice.empty': 'I could not hear anything in that voice note. Could you try again?',
  'voice.failed': 'Sorry, I could not process that voice note right now. Please try again in a moment, or type your reminder.',

  'reminder.voice': 'Reminder: {text}',
  'reminder.caption': '⏰ Reminder: {text}',
  'reminder.gone': 'This reminder no longer exists.',
} as const;

export type CatalogKey = keyof typeof en;
