import { BadRequestException, ConflictException, NotFoundException } from '@nestjs/common';
import zoneAt from '@photostructure/tz-lookup';
import { DateTime, IANAZone } from 'luxon';
import { entitlement } from '../../api/accounts/plan';
import type { Plan } from '../../api/accounts/user.entity';
import { QuotaExceededException } from '../../api/reminders/quota-exceeded.exception';
import { ReminderRateLimited, SnoozeLimitReached } from '../../api/reminders/reminders.service';
import { describeRepeat } from '../../api/reminders/recurrence';
import { RepeatRequiresPremiumException } from '../../api/reminders/repeat-errors';
import { quotaExceededMessage, UPGRADE_URL } from '../../api/reminders/quota-messages';
import type { ChannelName, OutboundMessage, ReplyButton } from '../channels/channel.types';
import { understandCorrection } from '../understanding/correction';
import { parseWhen, understand } from '../understanding/understand';
import type { Correction, Language, MissingWhen, Understanding, UnderstoodReminder } from '../understanding/types';
import { zoneFromPhone } from '../../api/accounts/zone-from-phone';
import type { ConversationState, Draft } from './conversation-state';
import { type CatalogKey, formatWhen, t, zoneLabel } from './i18n';
import { cancelScope, type CancelScope, canonical, type Intent, parseIntent, zoneFromInput } from './intents';
import { reminderButtons, reminderCaption } from './reminder-message';
import { errorCode, reminderErrorCode } from '../../api/reminders/reminder-errors';

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
  | { kind: 'button'; id: string }
  /** A shared location (Telegram): sets the user's zone. */
  | { kind: 'location'; latitude: number; longitude: number };

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
  /** RRULE of a repeating reminder; null/absent for a one-off. */
  rrule?: string | null;
}

export interface CreateInput {
  subject: string;
  dueAt: Date;
  timezone: string;
  languageCode: Language;
  source: 'bot';
  rrule?: string | null;
}

/** What the dialogue needs from the rest of the app; Nest adapters in production, fakes in unit tests. */
export interface ConversationPorts {
  states: { load(userId: number): Promise<ConversationState>; save(userId: number, state: ConversationState): Promise<void> };
  reminders: {
    createForUser(user: ConversationUser, input: CreateInput): Promise<ReminderRef>;
    /** All or none, the quota checked for all of them at once (RemindersService.createManyForUser). */
    createManyForUser(user: ConversationUser, inputs: CreateInput[]): Promise<ReminderRef[]>;
    /** Pending only; a new time moves a repeating reminder's series; `rrule` makes it repeat (Premium) or not. */
    update(user: ConversationUser, id: number, input: { subject?: string; time?: Date; rrule?: string | null }): Promise<ReminderRef>;
    /** Ends the series the reminder belongs to; null when nothing was left to stop. */
    stopSeries(user: { id: number }, id: number): Promise<ReminderRef | null>;
    /** Cancels this pending occurrence of a repeating reminder; the next one, or null when the series ended. */
    skipOccurrence(user: { id: number }, id: number): Promise<ReminderRef | null>;
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

/** A correction is taken this long after a confirmation ("non, plutôt à 18h" right after "C'est noté"). */
const CORRECTION_WINDOW_MS = 15 * 60_000;

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
    const extracted =
      turn.kind === 'button' ? await this.button(turnCtx, turn.id) : turn.kind === 'location' ? await this.location(turnCtx, turn) : await this.text(turnCtx, turn);
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
    if (c.state.pending?.kind === 'cancelRepeat') {
      const answered = await this.cancelRepeatAnswer(c, text);
      if (answered) return answered;
    }
    const intent = parseIntent(text);
    // Words that could be commands are read as corrections first where one is expected: "change
    // le sujet : …" is not "move reminder …", and "laisse tomber" right after confirming takes
    // back what was just confirmed (while proposing, "annule"/"no" still drops every proposal).
    const drafting = Boolean(c.state.draft || c.state.batch);
    const mayCorrect =
      (intent?.type === 'reschedule' && intent.n === undefined && !parseWhen(intent.whenText, { now: c.now, timezone: c.user.timezone })) ||
      (!drafting && (intent?.type === 'no' || (intent?.type === 'cancel' && intent.n === undefined)));
    if (mayCorrect) {
      const corrected = await this.correction(c, text, turn.spokenLanguage);
      if (corrected) return corrected;
    }
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
    if (c.state.pending?.kind === 'zoneFirst') {
      const zone = zoneFromInput(text);
      if (zone) return this.zoneThenPropose(c, zone);
      // Not a place: asked once; the message is read as it comes.
      delete c.state.pending;
    }
    const corrected = await this.correction(c, text, turn.spokenLanguage);
    if (corrected) return corrected;
    return this.intake(c, text, turn.spokenLanguage);
  }

  /** A shared location sets the zone (answering the question before a first reminder, or at any time). */
  private async location(c: TurnContext, at: { latitude: number; longitude: number }): Promise<Record<string, unknown>> {
    let zone: string | null = null;
    try {
      zone = zoneAt(at.latitude, at.longitude);
    } catch {
      zone = null;
    }
    if (!zone || !IANAZone.isValidZone(zone)) {
      c.say('tz.ask');
      return { location: true, zone: null };
    }
    if (c.state.pending?.kind === 'zoneFirst') return this.zoneThenPropose(c, zone);
    await this.setZone(c, zone);
    return { intent: 'tz', zone };
  }

  /** The zone answered to the question before a first reminder: set it, then propose the reminder(s) read in it. */
  private async zoneThenPropose(c: TurnContext, zone: string): Promise<Record<string, unknown>> {
    const asked = c.state.pending as Extract<ConversationState['pending'], { kind: 'zoneFirst' }>;
    await this.setZone(c, zone);
    delete c.state.pending;
    if (asked.text) {
      const again = await this.intake(c, asked.text, asked.spokenLanguage);
      return { intent: 'tz', zone, ...again };
    }
    // Built over several turns: the wall-clock times said are kept, read in the new zone.
    const from = (d: Draft): Draft => {
      if (!d.dueAt || (d.zone && d.zone !== asked.drafts[0]?.zone)) return d;
      const local = DateTime.fromISO(d.dueAt, { zone: d.zone ?? 'UTC' });
      const moved = DateTime.fromObject({ year: local.year, month: local.month, day: local.day, hour: local.hour, minute: local.minute }, { zone });
      return { ...d, dueAt: moved.toJSDate().toISOString(), zone };
    };
    const drafts = asked.drafts.map(from);
    return drafts.length > 1 ? this.proposeBatch(c, drafts) : this.propose(c, drafts[0]);
  }

  // ---- corrections ----

  /**
   * A follow-up that corrects the reminder just proposed (the last one of several) or just
   * confirmed: its time, its subject, or cancelling it. undefined when the message is not one.
   */
  private async correction(c: TurnContext, text: string, spokenLanguage?: Language): Promise<Record<string, unknown> | undefined> {
    const { state } = c;
    const proposing = state.pending?.kind === 'confirm' || state.pending?.kind === 'change';
    const drafts = state.batch ?? (state.draft ? [state.draft] : null);
    if (proposing && drafts) {
      const i = drafts.length - 1;
      const d = drafts[i];
      if (!d.dueAt) return undefined;
      const zone = d.zone ?? c.user.timezone;
      const corr = this.readCorrection(c, text, { dueAt: new Date(d.dueAt), zone, subject: d.subject, rrule: d.rrule ?? null }, spokenLanguage ?? d.language);
      if (!corr) return undefined;
      const next = [...drafts];
      if (corr.kind === 'cancel') next.splice(i, 1);
      else if (corr.kind === 'subject') next[i] = { ...d, subject: corr.subject };
      else next[i] = { ...d, dueAt: corr.dueAt.toISOString(), zone: corr.zone, rrule: corr.rrule };
      if (!next.length) {
        this.dropDraft(c);
        return { correction: 'cancel' };
      }
      const extracted = next.length > 1 ? this.proposeBatch(c, next) : this.propose(c, next[0]);
      return { correction: corr.kind, ...extracted };
    }
    const last = state.lastConfirmed;
    if (!last || !last.ids.length || c.now.getTime() - new Date(last.at).getTime() > CORRECTION_WINDOW_MS || state.pending) return undefined;
    const id = last.ids[last.ids.length - 1];
    const current = await this.ports.reminders.get(c.user, id).catch(() => null);
    if (!current || current.status !== 'pending') return undefined;
    const corr = this.readCorrection(
      c,
      text,
      { dueAt: new Date(current.dueAt), zone: current.timezone, subject: current.subject, rrule: current.rrule ?? null },
      spokenLanguage ?? current.languageCode,
    );
    if (!corr) return undefined;
    await this.onReminder(c, async () => {
      if (corr.kind === 'cancel') {
        if (current.rrule) return this.cancelRepeating(c, current, cancelScope(text));
        const r = await this.ports.reminders.cancel(c.user, id);
        state.lastConfirmed = { ...last, ids: last.ids.filter((x) => x !== id) };
        c.reminderId = r.id;
        return c.say('cancel.done', { subject: r.subject, when: formatWhen(r.dueAt, r.timezone, c.user.language, c.now) });
      }
      let r: ReminderRef;
      if (corr.kind === 'subject') r = await this.ports.reminders.update(c.user, id, { subject: capitalise(corr.subject) });
      else {
        const rrule = corr.rrule !== (current.rrule ?? null) ? corr.rrule : undefined;
        try {
          r = await this.ports.reminders.update(c.user, id, { time: corr.dueAt, ...(rrule !== undefined ? { rrule } : {}) });
        } catch (e) {
          if (!(e instanceof RepeatRequiresPremiumException)) throw e;
          c.say('repeat.premium', { url: `${this.ports.publicUrl}${UPGRADE_URL}` });
          r = await this.ports.reminders.update(c.user, id, { time: corr.dueAt });
        }
      }
      c.reminderId = r.id;
      c.state.lastReminderId = r.id;
      this.sayChanged(c, r);
    });
    return { correction: corr.kind, reminderId: id };
  }

  /** understandCorrection in the likely language first, then the other (bilingual users). */
  private readCorrection(c: TurnContext, text: string, current: { dueAt: Date; zone: string; subject: string; rrule: string | null }, language: Language): Correction | null {
    const ctx = { now: c.now, timezone: current.zone, current };
    return understandCorrection(text, { ...ctx, language }) ?? understandCorrection(text, { ...ctx, language: language === 'fr' ? 'en' : 'fr' });
  }

  private sayChanged(c: TurnContext, r: ReminderRef): void {
    const when = formatWhen(r.dueAt, r.timezone, c.user.language, c.now);
    if (r.rrule) c.say('correction.updatedRepeat', { subject: r.subject, repeat: this.repeatWords(c, r.rrule, r.timezone, r.dueAt), when, zone: zoneLabel(r.timezone) });
    else c.say('correction.updated', { subject: r.subject, when, zone: zoneLabel(r.timezone) });
  }

  private repeatWords(c: TurnContext, rrule: string, zone: string, dueAt: Date | string): string {
    try {
      return describeRepeat(rrule, zone, new Date(dueAt), c.user.language);
    } catch {
      return '';
    }
  }

  private async command(c: TurnContext, intent: Intent, text: string): Promise<void> {
    switch (intent.type) {
      case 'yes':
        return (c.state.draft || c.state.batch) && c.state.pending?.kind === 'confirm' ? this.confirm(c) : c.say('confirm.nothing');
      case 'no':
        if (c.state.draft || c.state.batch) return this.dropDraft(c);
        return c.say('cancel.which');
      case 'change':
        if (c.state.batch) {
          c.state.pending = { kind: 'change' };
          return c.say('draft.askChangeMany');
        }
        if (!c.state.draft) return c.say('unrecognised');
        c.state.pending = { kind: 'change' };
        return c.say('draft.askChange');
      case 'help':
      case 'start':
        return c.say('help');
      case 'optOut':
        if (c.state.draft || c.state.batch) {
          delete c.state.draft;
          delete c.state.batch;
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
        if (intent.n === undefined && !intent.it && (c.state.draft || c.state.batch)) return this.dropDraft(c);
        return this.cancelReminder(c, intent.n, intent.it, intent.scope);
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
    const { draft, pending, batch } = c.state;
    const ctx = { now: c.now, timezone: c.user.timezone };

    if (batch && pending?.kind === 'when' && pending.index !== undefined && batch[pending.index]) {
      const item = batch[pending.index];
      const when = parseWhen(text, { ...ctx, language: item.language }) ?? parseWhen(text, { ...ctx, language: item.language === 'fr' ? 'en' : 'fr' });
      if (!when) {
        c.say('draft.askWhenAgain');
        return { missing: 'when' };
      }
      const next = [...batch];
      next[pending.index] = { ...item, dueAt: when.dueAt.toISOString(), zone: when.zone };
      return this.proposeBatch(c, next);
    }
    if (batch) {
      // Anything else replaces the reminders being proposed.
      delete c.state.batch;
      delete c.state.pending;
    }

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
    if (GREETINGS.has(folded) || (!('dueAt' in u) && !u.reminders && u.subject.replace(/[^\p{L}\p{N}]/gu, '').length < 3)) {
      c.say(GREETINGS.has(folded) ? 'help' : 'unrecognised');
      return { understood: null };
    }
    if (u.reminders && u.reminders.length > 1) {
      const drafts = u.reminders.filter((r) => r.subject.replace(/[^\p{L}\p{N}]/gu, '').length >= 3 || 'dueAt' in r).map((r) => this.draftFrom(c, r, text, spokenLanguage));
      if (drafts.length > 1) return this.proposeBatch(c, drafts, text, spokenLanguage);
      if (drafts.length === 1) return this.propose(c, drafts[0], text, spokenLanguage);
    }
    return this.propose(c, this.draftFrom(c, u, text, spokenLanguage), text, spokenLanguage);
  }

  /**
   * Asks for what is missing, or for confirmation. `text` is the message the draft came from in
   * one piece (read again if the user's zone has to be asked first).
   */
  private propose(c: TurnContext, draft: Draft, text?: string, spokenLanguage?: Language): Record<string, unknown> {
    c.state.draft = draft;
    delete c.state.batch;
    const extracted = { subject: draft.subject, dueAt: draft.dueAt ?? null, zone: draft.zone ?? null, language: draft.language, rrule: draft.rrule ?? null };
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
    if (this.askZoneFirst(c, [draft], text, spokenLanguage)) return extracted;
    this.premiumOnly(c, [draft]);
    c.state.pending = { kind: 'confirm' };
    const zone = draft.zone ?? c.user.timezone;
    const when = formatWhen(draft.dueAt, zone, c.user.language, c.now);
    if (draft.rrule) {
      c.say('confirm.askRepeat', { subject: capitalise(draft.subject), repeat: this.repeatWords(c, draft.rrule, zone, draft.dueAt), when, zone: zoneLabel(zone) }, this.confirmButtons(c));
    } else {
      c.say('confirm.ask', { subject: capitalise(draft.subject), when, zone: zoneLabel(zone) }, this.confirmButtons(c));
    }
    return { ...extracted, rrule: draft.rrule ?? null };
  }

  /** Several reminders from one message: what is missing first, then one confirmation for all. */
  private proposeBatch(c: TurnContext, drafts: Draft[], text?: string, spokenLanguage?: Language): Record<string, unknown> {
    c.state.batch = drafts;
    delete c.state.draft;
    const extracted = { reminders: drafts.map((d) => ({ subject: d.subject, dueAt: d.dueAt ?? null, zone: d.zone ?? null, rrule: d.rrule ?? null })) };
    const missing = drafts.findIndex((d) => !d.dueAt);
    if (missing >= 0) {
      c.state.pending = { kind: 'when', index: missing };
      c.say('draft.askWhen', { subject: drafts[missing].subject });
      return extracted;
    }
    const past = drafts.findIndex((d) => new Date(d.dueAt!).getTime() <= c.now.getTime());
    if (past >= 0) {
      delete drafts[past].dueAt;
      c.state.pending = { kind: 'when', index: past };
      c.say('draft.past');
      return extracted;
    }
    if (this.askZoneFirst(c, drafts, text, spokenLanguage)) return extracted;
    this.premiumOnly(c, drafts);
    c.state.pending = { kind: 'confirm' };
    c.say('confirm.askMany', { count: drafts.length, items: this.items(c, drafts) }, this.confirmButtons(c));
    return extracted;
  }

  private items(c: TurnContext, drafts: Array<{ subject: string; dueAt?: string | Date; zone?: string; rrule?: string | null }>): string {
    return drafts
      .map((d) => {
        const zone = d.zone ?? c.user.timezone;
        const when = formatWhen(d.dueAt!, zone, c.user.language, c.now);
        return d.rrule
          ? t(c.user.language, 'confirm.itemRepeat', { subject: capitalise(d.subject), repeat: this.repeatWords(c, d.rrule, zone, d.dueAt!), when })
          : t(c.user.language, 'confirm.item', { subject: capitalise(d.subject), when });
      })
      .join(' ; ');
  }

  private confirmButtons(c: TurnContext): ReplyButton[] {
    return [
      { id: 'confirm', title: t(c.user.language, 'button.confirm') },
      { id: 'change', title: t(c.user.language, 'button.change') },
      { id: 'cancel', title: t(c.user.language, 'button.cancel') },
    ];
  }

  /**
   * A user whose zone Rappel does not know (no confirmed zone and no phone number to guess it
   * from, as on Telegram) is asked once for it, in their language, before a first reminder is
   * confirmed; a zone named in the message ("9am New York time") needs no question.
   */
  private askZoneFirst(c: TurnContext, drafts: Draft[], text?: string, spokenLanguage?: Language): boolean {
    if (c.user.timezoneConfirmed || c.user.phoneNumber || c.state.zoneAskedFirst) return false;
    if (drafts.every((d) => d.zone && d.zone !== c.user.timezone)) return false;
    c.state.zoneAskedFirst = true;
    c.state.pending = { kind: 'zoneFirst', ...(text ? { text } : {}), ...(spokenLanguage ? { spokenLanguage } : {}), drafts };
    delete c.state.draft;
    delete c.state.batch;
    c.say('tz.askFirst', { location: c.channel === 'telegram' ? t(c.user.language, 'tz.askFirstLocation') : '' });
    return true;
  }

  /** Repeats are Premium (the trial included): on Basic the bot says so, with the upgrade link, and proposes them once. */
  private premiumOnly(c: TurnContext, drafts: Draft[]): void {
    if (!drafts.some((d) => d.rrule) || entitlement(c.user, c.now).plan === 'premium') return;
    for (const d of drafts) d.rrule = null;
    c.say('repeat.premium', { url: `${this.ports.publicUrl}${UPGRADE_URL}` });
  }

  private draftFrom(c: TurnContext, u: Understanding | UnderstoodReminder | MissingWhen, text: string, spokenLanguage?: Language): Draft {
    const language = spokenLanguage ?? this.languageOf(text, u.language, c.user.language);
    const rrule = u.rrule ?? null;
    return 'dueAt' in u ? { subject: u.subject, language, dueAt: u.dueAt.toISOString(), zone: u.zone, rrule } : { subject: u.subject, language, rrule };
  }

  /** Short texts say little about their language: keep the user's unless the text is long enough. */
  private languageOf(text: string, detected: Language, userLanguage: Language): Language {
    return text.trim().split(/\s+/).length >= 4 ? detected : userLanguage;
  }

  private async confirm(c: TurnContext): Promise<void> {
    if (c.state.batch) return this.confirmBatch(c, c.state.batch);
    const draft = c.state.draft!;
    if (!draft.dueAt) {
      c.state.pending = { kind: 'when' };
      return c.say('draft.askWhen', { subject: draft.subject });
    }
    const zone = draft.zone ?? c.user.timezone;
    try {
      const r = await this.ports.reminders.createForUser(c.user, {
        subject: capitalise(draft.subject),
        dueAt: new Date(draft.dueAt),
        timezone: zone,
        languageCode: draft.language,
        source: 'bot',
        ...(draft.rrule ? { rrule: draft.rrule } : {}),
      });
      delete c.state.draft;
      delete c.state.pending;
      c.state.lastReminderId = r.id;
      c.state.lastConfirmed = { ids: [r.id], at: c.now.toISOString() };
      c.reminderId = r.id;
      const when = formatWhen(r.dueAt, zone, c.user.language, c.now);
      if (r.rrule) c.say('confirm.doneRepeat', { repeat: this.repeatWords(c, r.rrule, zone, r.dueAt), when, zone: zoneLabel(zone) });
      else c.say('confirm.done', { when, zone: zoneLabel(zone) });
    } catch (e) {
      if (e instanceof RepeatRequiresPremiumException) {
        // The trial ended between the question and the answer.
        this.propose(c, draft);
        return;
      }
      if (this.refusedForLimits(c, e, 'draft')) return;
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

  /**
   * The creation limits (rate, quota) answered the same way for one reminder or several: what was
   * being confirmed is dropped and the user is told why. False when `e` is another error.
   */
  private refusedForLimits(c: TurnContext, e: unknown, slot: 'draft' | 'batch'): boolean {
    if (!(e instanceof ReminderRateLimited) && !(e instanceof QuotaExceededException)) return false;
    delete c.state[slot];
    delete c.state.pending;
    if (e instanceof ReminderRateLimited) {
      c.say('reminder.tooMany');
    } else {
      const message = quotaExceededMessage(c.user.language, e.limit, e.nextAvailableAt, c.user.timezone);
      c.raw(message.replace(UPGRADE_URL, `${this.ports.publicUrl}${UPGRADE_URL}`));
    }
    return true;
  }

  private async confirmBatch(c: TurnContext, drafts: Draft[]): Promise<void> {
    const missing = drafts.findIndex((d) => !d.dueAt);
    if (missing >= 0) {
      this.proposeBatch(c, drafts);
      return;
    }
    try {
      const created = await this.ports.reminders.createManyForUser(
        c.user,
        drafts.map((d) => ({
          subject: capitalise(d.subject),
          dueAt: new Date(d.dueAt!),
          timezone: d.zone ?? c.user.timezone,
          languageCode: d.language,
          source: 'bot' as const,
          ...(d.rrule ? { rrule: d.rrule } : {}),
        })),
      );
      delete c.state.batch;
      delete c.state.pending;
      const ids = created.map((r) => r.id);
      c.state.lastReminderId = ids[ids.length - 1];
      c.state.lastConfirmed = { ids, at: c.now.toISOString() };
      c.say('confirm.doneMany', { count: created.length, items: this.items(c, created.map((r) => ({ subject: r.subject, dueAt: r.dueAt, zone: r.timezone, rrule: r.rrule ?? null }))) });
    } catch (e) {
      if (this.refusedForLimits(c, e, 'batch')) return;
      if (e instanceof RepeatRequiresPremiumException) {
        this.proposeBatch(c, drafts);
        return;
      }
      if (e instanceof BadRequestException) {
        const past = drafts.findIndex((d) => new Date(d.dueAt!).getTime() <= c.now.getTime());
        if (past >= 0) {
          this.proposeBatch(c, drafts);
          return;
        }
        return c.say('draft.invalid', { reason: e.message });
      }
      throw e;
    }
  }

  private dropDraft(c: TurnContext): void {
    delete c.state.draft;
    delete c.state.batch;
    delete c.state.pending;
    c.say('draft.cancelled');
  }

  // ---- reminders the user already has ----

  private async list(c: TurnContext): Promise<void> {
    const upcoming = (await this.ports.reminders.listUpcoming(c.user)).slice(0, 20);
    c.state.lastListed = upcoming.map((r) => r.id);
    if (!upcoming.length) return c.say('list.empty');
    const lines = upcoming.map((r, i) => {
      const when = `${formatWhen(r.dueAt, r.timezone, c.user.language, c.now)} (${zoneLabel(r.timezone)})`;
      return r.rrule
        ? t(c.user.language, 'list.itemRepeat', { n: i + 1, subject: r.subject, when, repeat: this.repeatWords(c, r.rrule, r.timezone, r.dueAt) })
        : t(c.user.language, 'list.item', { n: i + 1, subject: r.subject, when });
    });
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

  private async cancelReminder(c: TurnContext, n?: number, it?: boolean, scope?: CancelScope): Promise<void> {
    const id = await this.target(c, n, it ?? false);
    if (id === 'unknown') return c.say('cancel.unknown', { n: n! });
    if (id === null || (n === undefined && !it)) return c.say('cancel.which');
    await this.onReminder(c, async () => {
      const current = await this.ports.reminders.get(c.user, id);
      if (current.rrule && current.status === 'pending') return this.cancelRepeating(c, current, scope);
      const r = await this.ports.reminders.cancel(c.user, id);
      c.reminderId = r.id;
      c.say('cancel.done', { subject: r.subject, when: formatWhen(r.dueAt, r.timezone, c.user.language, c.now) });
    });
  }

  /**
   * "annule" about a repeating reminder: never silently the whole series. The words may already
   * say which ("juste le prochain", "the whole series"); otherwise the bot asks, with a button for
   * each, and reads the answer in words too.
   */
  private async cancelRepeating(c: TurnContext, current: ReminderRef, scope?: CancelScope): Promise<void> {
    c.reminderId = current.id;
    c.state.lastReminderId = current.id;
    if (scope === 'occurrence') return this.skipNext(c, current.id);
    if (scope === 'series') return this.stopRepeating(c, current.id);
    c.state.pending = { kind: 'cancelRepeat', id: current.id };
    c.say(
      'cancel.askRepeat',
      {
        subject: current.subject,
        repeat: this.repeatWords(c, current.rrule!, current.timezone, current.dueAt),
        when: formatWhen(current.dueAt, current.timezone, c.user.language, c.now),
      },
      [
        { id: `skip:${current.id}`, title: t(c.user.language, 'button.skipOne') },
        { id: `stop:${current.id}`, title: t(c.user.language, 'button.wholeSeries') },
      ],
    );
  }

  /** The answer to "just the next one or the whole series?"; undefined when the text is something else. */
  private async cancelRepeatAnswer(c: TurnContext, text: string): Promise<Record<string, unknown> | undefined> {
    const asked = c.state.pending as Extract<ConversationState['pending'], { kind: 'cancelRepeat' }>;
    const scope = cancelScope(text, true);
    const intent = parseIntent(text);
    if (scope) {
      delete c.state.pending;
      await this.onReminder(c, () => (scope === 'occurrence' ? this.skipNext(c, asked.id) : this.stopRepeating(c, asked.id)));
      return { cancel: scope, reminderId: asked.id };
    }
    // "non", "rien", "keep it": nothing changes.
    if (intent?.type === 'no' || /^(?:rien|aucun|nothing|neither|none|keep(?: it)?|garde(?:-le)?)$/.test(canonical(text))) {
      delete c.state.pending;
      c.say('cancel.kept');
      return { cancel: 'none' };
    }
    // Anything else is a new message: the question is dropped.
    delete c.state.pending;
    return undefined;
  }

  private async skipNext(c: TurnContext, id: number): Promise<void> {
    const current = await this.ports.reminders.get(c.user, id);
    const next = await this.ports.reminders.skipOccurrence(c.user, id);
    c.reminderId = next?.id ?? id;
    if (next) c.state.lastReminderId = next.id;
    if (!next) return c.say('series.stopped', { subject: current.subject });
    c.say('cancel.skipped', {
      subject: current.subject,
      when: formatWhen(current.dueAt, current.timezone, c.user.language, c.now),
      next: formatWhen(next.dueAt, next.timezone, c.user.language, c.now),
    });
  }

  private async stopRepeating(c: TurnContext, id: number): Promise<void> {
    const stopped = await this.ports.reminders.stopSeries(c.user, id);
    if (!stopped) return c.say('series.none');
    c.reminderId = stopped.id;
    c.say('series.stopped', { subject: stopped.subject });
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
      // Moving a repeating reminder moves its series (a snooze moves one occurrence only).
      const r =
        current?.rrule && current.status === 'pending'
          ? await this.ports.reminders.update(c.user, id, { time: dueAt })
          : await this.ports.reminders.snooze(c.user, id, dueAt);
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
      if (e instanceof SnoozeLimitReached) return c.say('snooze.limit');
      if (e instanceof ReminderRateLimited) return c.say('reminder.tooMany');
      if (e instanceof ConflictException) return c.say(errorCode(e) === reminderErrorCode('inDelivery') ? 'reminder.busy' : 'reminder.notPending');
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
        if (c.state.draft || c.state.batch) this.dropDraft(c);
        else c.say('confirm.nothing');
        break;
      case 'stop':
        if (c.state.pending?.kind === 'cancelRepeat') delete c.state.pending;
        await this.onReminder(c, () => this.stopRepeating(c, Number(arg)));
        break;
      case 'skip':
        if (c.state.pending?.kind === 'cancelRepeat') delete c.state.pending;
        await this.onReminder(c, () => this.skipNext(c, Number(arg)));
        break;
      case 'snooze': {
        const delta = SNOOZE[extra as keyof typeof SNOOZE] ?? SNOOZE['10m'];
        const reminder = await this.ports.reminders.get(c.user, Number(arg)).catch(() => null);
        // A snooze button only ever sits under a delivered reminder of this user: anything else
        // (another user's id, a pending or cancelled one, a forged payload) changes nothing.
        if (!reminder) return (c.say('reminder.gone'), {});
        if (reminder.status !== 'sent') return (c.say('reminder.notPending'), {});
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
        buttons: reminderButtons(c.user.language, reminder.id, c.channel, Boolean(reminder.rrule)),
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

