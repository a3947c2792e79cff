import { BadRequestException, ConflictException, NotFoundException } from '@nestjs/common';
import { DateTime, IANAZone } from 'luxon';
import type { Plan } from '../../api/accounts/user.entity';
import { QuotaExceededException } from '../../api/reminders/quota-exceeded.exception';
import { quotaExceededMessage, UPGRADE_URL } from '../../api/reminders/quota-messages';
import type { ChannelName, OutboundMessage, ReplyButton } from '../channels/channel.types';
import { parseWhen, understand } from '../understanding/understand';
import type { Language, Understanding } from '../understanding/types';
import { zoneFromPhone } from '../understanding/zone-from-phone';
import type { ConversationState, Draft } from './conversation-state';
import { type CatalogKey, formatWhen, t, zoneLabel } from './i18n';
import { canonical, type Intent, parseIntent, zoneFromInput } from './intents';
import { reminderButtons, reminderCaption } from './reminder-message';

/** An answer to "when?" that starts like a time phrase ("vers 18h", "around 6") completes the draft. */
const TIME_ANSWER_START = /^(at|a|à|on|le|in|dans|vers|around|about|environ|by|pour|for|avant|before|après|apres|after|plutôt|plutot|rather|maybe|peut-être|disons|say)\b/i;

/** The account fields the dialogue reads. */
export interface ConversationUser {
  id: number;
  language: Language;
  timezone: string;
  timezoneConfirmed: boolean;
  phoneNumber: string | null;
  plan: Plan;
  trialEndsAt: Date | null;
  subscriptionEndsAt: Date | null;
}

/** One user turn, after transport: a text (typed or transcribed) or a button tap. */
export type Turn =
  | { kind: 'text'; text: string; /** Language the voice note was spoken in, from speech-to-text. */ spokenLanguage?: Language; voice?: boolean }
  | { kind: 'button'; id: string };

export interface Reply {
  message: OutboundMessage;
  /** 'reminder' for a reminder's voice note (the play button), 'message' otherwise. */
  kind?: 'message' | 'reminder';
  reminderId?: number;
}

export interface TurnResult {
  replies: Reply[];
  /** What the turn was understood as, for the message log. */
  extracted?: Record<string, unknown>;
}

export interface ReminderRef {
  id: number;
  subject: string;
  reminderText: string;
  dueAt: Date;
  timezone: string;
  languageCode: 'fr' | 'en';
  status: string;
}

/** What the dialogue needs from the rest of the app; Nest adapters in production, fakes in unit tests. */
export interface ConversationPorts {
  states: { load(userId: number): Promise<ConversationState>; save(userId: number, state: ConversationState): Promise<void> };
  reminders: {
    createForUser(user: ConversationUser, input: { subject: string; dueAt: Date; timezone: string; languageCode: Language; source: 'bot' }): Promise<ReminderRef>;
    listUpcoming(user: { id: number }): Promise<ReminderRef[]>;
    get(user: { id: number }, id: number): Promise<ReminderRef>;
    cancel(user: { id: number }, id: number): Promise<ReminderRef>;
    /** Pending: moved; delivered: a new pending copy (RemindersService.snooze). */
    snooze(user: ConversationUser, id: number, dueAt: Date): Promise<ReminderRef>;
  };
  profile: {
    setLanguage(userId: number, language: Language): Promise<void>;
    setTimezone(userId: number, zone: string): Promise<void>;
    /** STOP / ARRÊT set User.optedOutAt (no broadcasts); START clears it. */
    setOptedOut(userId: number, optedOut: boolean): Promise<void>;
  };
  /** The reminder's voice note (mono OGG/Opus), for the "play" button of the WhatsApp template. */
  reminderVoice(reminder: ReminderRef): Promise<Buffer>;
  publicUrl: string;
}

const GREETINGS = new Set(['hello', 'hi', 'hey', 'bonjour', 'salut', 'coucou', 'bonsoir', 'merci', 'thanks', 'thank you', 'merci beaucoup', 'yo', 'hola']);
const SNOOZE = { '10m': { minutes: 10 }, '1h': { hours: 1 }, tomorrow: { days: 1 } } as const;

/**
 * The dialogue: intake → clarify → confirm → scheduled, and the commands. One call per user
 * turn: it loads the user's state from Postgres, decides, saves, and returns the replies for
 * the caller to send on whichever channel the turn came from.
 */
export class Conversation {
  constructor(private readonly ports: ConversationPorts) {}

  async handle(user: ConversationUser, turn: Turn, channel: ChannelName, now: Date): Promise<TurnResult> {
    const state = await this.ports.states.load(user.id);
    const turnCtx = new TurnContext(user, state, channel, now);
    const extracted = turn.kind === 'button' ? await this.button(turnCtx, turn.id) : await this.text(turnCtx, turn);
    this.maybeAskTimezone(turnCtx);
    await this.ports.states.save(user.id, turnCtx.state);
    return { replies: turnCtx.replies, ...(extracted ? { extracted } : {}) };
  }

  // ---- text ----

  private async text(c: TurnContext, turn: Extract<Turn, { kind: 'text' }>): Promise<Record<string, unknown> | undefined> {
    const text = turn.text.trim();
    if (!text) {
      c.say('unrecognised');
      return undefined;
    }
    const intent = parseIntent(text);
    if (intent) {
      await this.command(c, intent, text);
      return { intent: intent.type };
    }
    if (c.state.pending?.kind === 'timezone') {
      const zone = zoneFromInput(text);
      if (zone) {
        await this.setZone(c, zone);
        return { intent: 'tz', zone };
      }
      delete c.state.pending;
    }
    return this.intake(c, text, turn.spokenLanguage);
  }

  private async command(c: TurnContext, intent: Intent, text: string): Promise<void> {
    switch (intent.type) {
      case 'yes':
        return c.state.draft && c.state.pending?.kind === 'confirm' ? this.confirm(c) : c.say('confirm.nothing');
      case 'no':
        if (c.state.draft) return this.dropDraft(c);
        return c.say('cancel.which');
      case 'change':
        if (!c.state.draft) return c.say('unrecognised');
        c.state.pending = { kind: 'change' };
        return c.say('draft.askChange');
      case 'help':
      case 'start':
        return c.say('help');
      case 'optOut':
        if (c.state.draft) {
          delete c.state.draft;
          delete c.state.pending;
        }
        await this.ports.profile.setOptedOut(c.user.id, true);
        return c.say('optout.done');
      case 'optIn':
        await this.ports.profile.setOptedOut(c.user.id, false);
        return c.say('optin.done');
      case 'list':
        return this.list(c);
      case 'cancel':
        if (intent.n === undefined && !intent.it && c.state.draft) return this.dropDraft(c);
        return this.cancelReminder(c, intent.n, intent.it);
      case 'reschedule':
        return this.reschedule(c, intent.n, intent.whenText, text);
      case 'snooze':
        return this.snoozeText(c, intent.whenText);
      case 'lang':
        if (!intent.language) return c.say('lang.ask');
        await this.ports.profile.setLanguage(c.user.id, intent.language);
        c.user = { ...c.user, language: intent.language };
        return c.say('lang.set');
      case 'tz': {
        if (!intent.input) return c.say('tz.current', { zone: c.user.timezone, time: c.localTime(c.user.timezone) });
        const zone = zoneFromInput(intent.input);
        if (!zone) return c.say('tz.unknown', { input: intent.input });
        return this.setZone(c, zone);
      }
    }
  }

  private async intake(c: TurnContext, text: string, spokenLanguage?: Language): Promise<Record<string, unknown>> {
    const { draft, pending } = c.state;
    const ctx = { now: c.now, timezone: c.user.timezone };

    if (draft && pending?.kind === 'when') {
      // Bilingual users answer in either language: try the draft's first, then the other.
      const when = parseWhen(text, { ...ctx, language: draft.language }) ?? parseWhen(text, { ...ctx, language: draft.language === 'fr' ? 'en' : 'fr' });
      const whole = understand(text, { ...ctx, ...(spokenLanguage ? { language: spokenLanguage } : {}) });
      if (!when) {
        c.say('draft.askWhenAgain');
        return { draft: { ...draft }, missing: 'when' };
      }
      // A whole new reminder ("no, call the plumber at 5") replaces the draft.
      if ('dueAt' in whole && whole.subject.length >= 3 && !TIME_ANSWER_START.test(text.trim())) {
        return this.propose(c, this.draftFrom(c, whole, text, spokenLanguage));
      }
      return this.propose(c, { ...draft, dueAt: when.dueAt.toISOString(), zone: when.zone });
    }
    if (draft && pending?.kind === 'subject') {
      return this.propose(c, { ...draft, subject: text, language: spokenLanguage ?? draft.language });
    }
    if (draft && pending?.kind === 'change') {
      const u = understand(text, { ...ctx, language: spokenLanguage ?? draft.language });
      if ('dueAt' in u && u.subject.length >= 3) return this.propose(c, this.draftFrom(c, u, text, spokenLanguage));
      if ('dueAt' in u) {
        const dueAt = draft.dueAt ? keepDay(text, new Date(draft.dueAt), u, c.now) : u.dueAt;
        return this.propose(c, { ...draft, dueAt: dueAt.toISOString(), zone: u.zone });
      }
      return this.propose(c, { ...draft, subject: u.subject || text });
    }

    const u = understand(text, { ...ctx, ...(spokenLanguage ? { language: spokenLanguage } : {}) });
    const folded = canonical(text);
    if (GREETINGS.has(folded) || (!('dueAt' in u) && u.subject.replace(/[^\p{L}\p{N}]/gu, '').length < 3)) {
      c.say(GREETINGS.has(folded) ? 'help' : 'unrecognised');
      return { understood: null };
    }
    return this.propose(c, this.draftFrom(c, u, text, spokenLanguage));
  }

  /** Asks for what is missing, or for confirmation. */
  private propose(c: TurnContext, draft: Draft): Record<string, unknown> {
    c.state.draft = draft;
    const extracted = { subject: draft.subject, dueAt: draft.dueAt ?? null, zone: draft.zone ?? null, language: draft.language };
    if (!draft.dueAt) {
      c.state.pending = { kind: 'when' };
      c.say('draft.askWhen', { subject: draft.subject });
      return extracted;
    }
    if (!draft.subject) {
      c.state.pending = { kind: 'subject' };
      c.say('draft.askSubject', { when: formatWhen(draft.dueAt, draft.zone ?? c.user.timezone, c.user.language, c.now) });
      return extracted;
    }
    if (new Date(draft.dueAt).getTime() <= c.now.getTime()) {
      delete draft.dueAt;
      c.state.pending = { kind: 'when' };
      c.say('draft.past');
      return extracted;
    }
    c.state.pending = { kind: 'confirm' };
    const zone = draft.zone ?? c.user.timezone;
    c.say('confirm.ask', { subject: capitalise(draft.subject), when: formatWhen(draft.dueAt, zone, c.user.language, c.now), zone: zoneLabel(zone) }, [
      { id: 'confirm', title: t(c.user.language, 'button.confirm') },
      { id: 'change', title: t(c.user.language, 'button.change') },
      { id: 'cancel', title: t(c.user.language, 'button.cancel') },
    ]);
    return extracted;
  }

  private draftFrom(c: TurnContext, u: Understanding, text: string, spokenLanguage?: Language): Draft {
    const language = spokenLanguage ?? this.languageOf(text, u.language, c.user.language);
    return 'dueAt' in u ? { subject: u.subject, language, dueAt: u.dueAt.toISOString(), zone: u.zone } : { subject: u.subject, language };
  }

  /** Short texts say little about their language: keep the user's unless the text is long enough. */
  private languageOf(text: string, detected: Language, userLanguage: Language): Language {
    return text.trim().split(/\s+/).length >= 4 ? detected : userLanguage;
  }

  private async confirm(c: TurnContext): Promise<void> {
    const draft = c.state.draft!;
    if (!draft.dueAt) {
      c.state.pending = { kind: 'when' };
      return c.say('draft.askWhen', { subject: draft.subject });
    }
    const zone = draft.zone ?? c.user.timezone;
    try {
      const r = await this.ports.reminders.createForUser(c.user, { subject: capitalise(draft.subject), dueAt: new Date(draft.dueAt), timezone: zone, languageCode: draft.language, source: 'bot' });
      delete c.state.draft;
      delete c.state.pending;
      c.state.lastReminderId = r.id;
      c.reminderId = r.id;
      c.say('confirm.done', { when: formatWhen(r.dueAt, zone, c.user.language, c.now), zone: zoneLabel(zone) });
    } catch (e) {
      if (e instanceof QuotaExceededException) {
        delete c.state.draft;
        delete c.state.pending;
        const message = quotaExceededMessage(c.user.language, e.limit, e.nextAvailableAt, c.user.timezone);
        return c.raw(message.replace(UPGRADE_URL, `${this.ports.publicUrl}${UPGRADE_URL}`));
      }
      if (e instanceof BadRequestException) {
        if (new Date(draft.dueAt).getTime() <= c.now.getTime()) {
          delete draft.dueAt;
          c.state.pending = { kind: 'when' };
          return c.say('draft.past');
        }
        return c.say('draft.invalid', { reason: e.message });
      }
      throw e;
    }
  }

  private dropDraft(c: TurnContext): void {
    delete c.state.draft;
    delete c.state.pending;
    c.say('draft.cancelled');
  }

  // ---- reminders the user already has ----

  private async list(c: TurnContext): Promise<void> {
    const upcoming = (await this.ports.reminders.listUpcoming(c.user)).slice(0, 20);
    c.state.lastListed = upcoming.map((r) => r.id);
    if (!upcoming.length) return c.say('list.empty');
    const lines = upcoming.map((r, i) =>
      t(c.user.language, 'list.item', { n: i + 1, subject: r.subject, when: `${formatWhen(r.dueAt, r.timezone, c.user.language, c.now)} (${zoneLabel(r.timezone)})` }),
    );
    c.raw([t(c.user.language, 'list.header'), ...lines, '', t(c.user.language, 'list.footer')].join('\n'));
  }

  /** "2" is the 2nd of the last list (or of the upcoming ones if none was shown); "it" the last one talked about. */
  private async target(c: TurnContext, n?: number, it?: boolean): Promise<number | null | 'unknown'> {
    if (n !== undefined) {
      const ids = c.state.lastListed ?? (await this.ports.reminders.listUpcoming(c.user)).map((r) => r.id);
      return ids[n - 1] ?? 'unknown';
    }
    if (it || c.state.lastReminderId) return c.state.lastReminderId ?? null;
    return null;
  }

  private async cancelReminder(c: TurnContext, n?: number, it?: boolean): Promise<void> {
    const id = await this.target(c, n, it ?? false);
    if (id === 'unknown') return c.say('cancel.unknown', { n: n! });
    if (id === null || (n === undefined && !it)) return c.say('cancel.which');
    await this.onReminder(c, async () => {
      const r = await this.ports.reminders.cancel(c.user, id);
      c.reminderId = r.id;
      c.say('cancel.done', { subject: r.subject, when: formatWhen(r.dueAt, r.timezone, c.user.language, c.now) });
    });
  }

  private async reschedule(c: TurnContext, n: number | undefined, whenText: string, fullText: string): Promise<void> {
    const id = await this.target(c, n, true);
    if (id === 'unknown') return c.say('cancel.unknown', { n: n! });
    if (id === null) return c.say('reschedule.which');
    const current = await this.ports.reminders.get(c.user, id).catch(() => null);
    const ctx = { now: c.now, timezone: current?.timezone ?? c.user.timezone };
    const when = parseWhen(whenText, ctx) ?? parseWhen(fullText, ctx);
    if (!when) return c.say('reschedule.when');
    const dueAt = current && current.status === 'pending' ? keepDay(whenText, current.dueAt, when, c.now) : when.dueAt;
    await this.onReminder(c, async () => {
      const r = await this.ports.reminders.snooze(c.user, id, dueAt);
      c.state.lastReminderId = r.id;
      c.reminderId = r.id;
      c.say('reschedule.done', { subject: r.subject, when: formatWhen(r.dueAt, r.timezone, c.user.language, c.now), zone: zoneLabel(r.timezone) });
    });
  }

  private async snoozeText(c: TurnContext, whenText?: string): Promise<void> {
    const id = c.state.lastReminderId;
    if (!id) return c.say('snooze.which');
    const ctx = { now: c.now, timezone: c.user.timezone };
    const when = whenText ? (parseWhen(whenText, ctx) ?? parseWhen(`in ${whenText}`, { ...ctx, language: 'en' }) ?? parseWhen(`dans ${whenText}`, { ...ctx, language: 'fr' })) : null;
    await this.snoozeTo(c, id, when?.dueAt ?? new Date(c.now.getTime() + 10 * 60_000));
  }

  private async snoozeTo(c: TurnContext, id: number, dueAt: Date): Promise<void> {
    await this.onReminder(c, async () => {
      const r = await this.ports.reminders.snooze(c.user, id, dueAt);
      c.state.lastReminderId = r.id;
      c.reminderId = r.id;
      c.say('snooze.done', { when: formatWhen(r.dueAt, r.timezone, c.user.language, c.now), zone: zoneLabel(r.timezone) });
    });
  }

  /** The reminders service's refusals, in the user's words. */
  private async onReminder(c: TurnContext, action: () => Promise<void>): Promise<void> {
    try {
      await action();
    } catch (e) {
      if (e instanceof NotFoundException) return c.say('reminder.gone');
      if (e instanceof ConflictException) return c.say(/delivered right now/.test(e.message) ? 'reminder.busy' : 'reminder.notPending');
      if (e instanceof BadRequestException) return c.say('draft.past');
      throw e;
    }
  }

  // ---- buttons ----

  private async button(c: TurnContext, id: string): Promise<Record<string, unknown>> {
    const [action, arg, extra] = id.split(':');
    switch (action) {
      case 'confirm':
        await this.command(c, { type: 'yes' }, id);
        break;
      case 'change':
        await this.command(c, { type: 'change' }, id);
        break;
      case 'cancel':
        if (c.state.draft) this.dropDraft(c);
        else c.say('confirm.nothing');
        break;
      case 'snooze': {
        const delta = SNOOZE[extra as keyof typeof SNOOZE] ?? SNOOZE['10m'];
        const reminder = await this.ports.reminders.get(c.user, Number(arg)).catch(() => null);
        const zone = reminder?.timezone ?? c.user.timezone;
        await this.snoozeTo(c, Number(arg), DateTime.fromJSDate(c.now, { zone }).plus(delta).toJSDate());
        break;
      }
      case 'done':
        c.state.lastReminderId = Number(arg);
        c.say('done.ack');
        break;
      case 'play':
        await this.play(c, Number(arg));
        break;
      case 'tz':
        if (IANAZone.isValidZone(arg ?? '')) await this.setZone(c, arg);
        else c.say('tz.ask');
        break;
      default:
        c.say('unrecognised');
    }
    return { button: id };
  }

  private async play(c: TurnContext, id: number): Promise<void> {
    const reminder = await this.ports.reminders.get(c.user, id).catch(() => null);
    if (!reminder) return c.say('reminder.gone');
    const audio = await this.ports.reminderVoice(reminder);
    c.state.lastReminderId = reminder.id;
    c.reminderId = reminder.id;
    c.replies.push({
      kind: 'reminder',
      reminderId: reminder.id,
      message: {
        kind: 'voice',
        audio,
        caption: reminderCaption(reminder.languageCode, reminder.reminderText),
        buttons: reminderButtons(c.user.language, reminder.id, c.channel),
      },
    });
  }

  // ---- timezone ----

  private async setZone(c: TurnContext, zone: string): Promise<void> {
    await this.ports.profile.setTimezone(c.user.id, zone);
    c.user = { ...c.user, timezone: zone, timezoneConfirmed: true };
    if (c.state.pending?.kind === 'timezone') delete c.state.pending;
    c.say('tz.set', { zone, time: c.localTime(zone) });
  }

  /** Once per user, when their number's country spans several zones: which one is theirs? */
  private maybeAskTimezone(c: TurnContext): void {
    if (c.user.timezoneConfirmed || c.state.timezoneAsked || !c.user.phoneNumber || c.state.pending) return;
    const guess = zoneFromPhone(c.user.phoneNumber);
    if (!guess || typeof guess === 'string') return;
    const options = guess.candidates.slice(0, 3);
    c.state.timezoneAsked = true;
    c.state.pending = { kind: 'timezone', options };
    c.say('tz.choose', {}, options.map((zone) => ({ id: `tz:${zone}`, title: zoneLabel(zone).slice(0, 20) })));
  }
}

/** The mutable bits of one turn. */
class TurnContext {
  readonly replies: Reply[] = [];
  reminderId?: number;

  constructor(
    public user: ConversationUser,
    public state: ConversationState,
    readonly channel: ChannelName,
    readonly now: Date,
  ) {}

  say(key: CatalogKey, params: Record<string, string | number> = {}, buttons?: ReplyButton[]): void {
    this.raw(t(this.user.language, key, params), buttons);
  }

  raw(text: string, buttons?: ReplyButton[]): void {
    this.replies.push({ message: { kind: 'text', text, ...(buttons?.length ? { buttons } : {}) }, ...(this.reminderId ? { reminderId: this.reminderId } : {}) });
  }

  localTime(zone: string): string {
    return DateTime.fromJSDate(this.now, { zone }).toFormat('HH:mm');
  }
}

/** "6pm", "à 18h", "at 9:30": a clock time alone, with no day. */
const CLOCK_ONLY = /^\s*(?:(?:to|at|for|a|à|au|vers|pour)\s+)?\d{1,2}(?:(?:[:h.]\d{2})|h)?\s*(?:am|pm|h)?\s*$/i;

/**
 * A clock time alone moves a reminder within its own day ("move it to 6pm" on tomorrow's 8:00
 * means tomorrow 18:00), unless that is already past; anything else is read from now.
 */
function keepDay(text: string, current: Date, when: { dueAt: Date; zone: string; dueLocal: string }, now: Date): Date {
  if (!CLOCK_ONLY.test(text)) return when.dueAt;
  const [hour, minute] = when.dueLocal.slice(11, 16).split(':').map(Number);
  const moved = DateTime.fromJSDate(current, { zone: when.zone }).set({ hour, minute, second: 0, millisecond: 0 }).toJSDate();
  return moved.getTime() > now.getTime() ? moved : when.dueAt;
}

function capitalise(s: string): string {
  const trimmed = s.trim();
  return trimmed.charAt(0).toLocaleUpperCase() + trimmed.slice(1);
}

