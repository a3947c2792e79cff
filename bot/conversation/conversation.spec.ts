import { BadRequestException, ConflictException, NotFoundException } from '@nestjs/common';
import { entitlement } from '../../api/accounts/plan';
import { QuotaExceededException } from '../../api/reminders/quota-exceeded.exception';
import { nextOccurrence } from '../../api/reminders/recurrence';
import { RepeatRequiresPremiumException } from '../../api/reminders/repeat-errors';
import type { ConversationState } from './conversation-state';
import { Conversation, type ConversationPorts, type ConversationUser, type ReminderRef, type Turn } from './conversation';

/** In-memory stand-ins for the ports, with the reminders service's refusals. */
class World {
  now = new Date('2026-03-27T10:00:00Z'); // Friday, 11:00 in Paris
  states = new Map<number, ConversationState>();
  reminders: ReminderRef[] = [];
  quotaLimit = Infinity;
  created = 0;
  optedOut = false;
  /** Ids passed to reminders.update (an edit, which moves a series), as opposed to snooze. */
  updated: number[] = [];
  user: ConversationUser = { id: 7, language: 'fr', timezone: 'Europe/Paris', timezoneConfirmed: true, phoneNumber: '+33612345678', plan: 'basic', trialEndsAt: null, subscriptionEndsAt: null };

  ports(): ConversationPorts {
    return {
      publicUrl: 'https://rappel.test',
      states: {
        load: async (id) => structuredClone(this.states.get(id) ?? {}),
        save: async (id, s) => void this.states.set(id, structuredClone(s)),
      },
      reminders: {
        createForUser: async (u, input) => (await this.ports().reminders.createManyForUser(u, [input]))[0],
        createManyForUser: async (u, inputs) => {
          for (const input of inputs) {
            if (input.dueAt.getTime() <= this.now.getTime()) throw new BadRequestException('Please select a future date.');
            if (input.rrule && entitlement(u, this.now).plan !== 'premium') throw new RepeatRequiresPremiumException();
          }
          if (this.created + inputs.length > this.quotaLimit) {
            throw new QuotaExceededException('quota', new Date('2026-03-30T08:00:00Z'), this.quotaLimit);
          }
          return inputs.map((input) => {
            this.created++;
            const r: ReminderRef = {
              id: 100 + this.reminders.length,
              subject: input.subject,
              reminderText: input.subject,
              dueAt: input.dueAt,
              timezone: input.timezone,
              languageCode: input.languageCode,
              status: 'pending',
              rrule: input.rrule ?? null,
            };
            this.reminders.push(r);
            return r;
          });
        },
        update: async (u, id, input) => {
          const r = this.reminders.find((x) => x.id === id);
          if (!r) throw new NotFoundException('Reminder not found.');
          if (r.status !== 'pending') throw new ConflictException('Only pending reminders can be changed.');
          if (input.rrule && entitlement(u, this.now).plan !== 'premium') throw new RepeatRequiresPremiumException();
          this.updated.push(id);
          if (input.subject !== undefined) r.subject = r.reminderText = input.subject;
          if (input.time) r.dueAt = input.time;
          if (input.rrule !== undefined) r.rrule = input.rrule;
          return r;
        },
        stopSeries: async (_u, id) => {
          const r = this.reminders.find((x) => x.id === id);
          if (!r) throw new NotFoundException('Reminder not found.');
          const live = this.reminders.find((x) => x.status === 'pending' && x.rrule && x.subject === r.subject);
          if (!live) return null;
          live.status = 'cancelled';
          return live;
        },
        skipOccurrence: async (_u, id) => {
          const r = this.reminders.find((x) => x.id === id);
          if (!r) throw new NotFoundException('Reminder not found.');
          if (r.status !== 'pending') throw new ConflictException('Only pending reminders can be changed.');
          r.status = 'cancelled';
          const at = r.rrule ? nextOccurrence(r.rrule, r.timezone, r.dueAt, r.dueAt) : null;
          if (!at) return null;
          const next: ReminderRef = { ...r, id: 100 + this.reminders.length, dueAt: at, status: 'pending' };
          this.reminders.push(next);
          return next;
        },
        listUpcoming: async () => this.reminders.filter((r) => r.status === 'pending').sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime()),
        get: async (_u, id) => {
          const r = this.reminders.find((x) => x.id === id);
          if (!r) throw new NotFoundException('Reminder not found.');
          return r;
        },
        cancel: async (_u, id) => {
          const r = this.reminders.find((x) => x.id === id);
          if (!r) throw new NotFoundException('Reminder not found.');
          r.status = 'cancelled';
          return r;
        },
        snooze: async (_u, id, dueAt) => {
          const r = this.reminders.find((x) => x.id === id);
          if (!r) throw new NotFoundException('Reminder not found.');
          if (r.status === 'cancelled') throw new ConflictException('Only a delivered reminder can be snoozed.');
          if (r.status === 'pending') {
            r.dueAt = dueAt;
            return r;
          }
          const copy = { ...r, id: 100 + this.reminders.length, dueAt, status: 'pending' };
          this.reminders.push(copy);
          return copy;
        },
      },
      profile: {
        setLanguage: async (_id, language) => void (this.user = { ...this.user, language }),
        setTimezone: async (_id, timezone) => void (this.user = { ...this.user, timezone, timezoneConfirmed: true }),
        setOptedOut: async (_id, optedOut) => void (this.optedOut = optedOut),
      },
      reminderVoice: async (r) => Buffer.from(`voice:${r.subject}`),
    };
  }
}

describe('Conversation', () => {
  let world: World;
  let bot: Conversation;
  const say = async (text: string, extra: Partial<Extract<Turn, { kind: 'text' }>> = {}) =>
    (await bot.handle(world.user, { kind: 'text', text, ...extra }, 'whatsapp', world.now)).replies.map((r) => r.message);
  const tap = async (id: string, channel: 'whatsapp' | 'telegram' = 'whatsapp') => (await bot.handle(world.user, { kind: 'button', id }, channel, world.now)).replies.map((r) => r.message);
  const textOf = (m: { kind: string; text?: string; caption?: string }) => (m.kind === 'text' ? m.text : m.caption);

  beforeEach(() => {
    world = new World();
    bot = new Conversation(world.ports());
  });

  it('intake → clarify → confirm → scheduled, on the same draft, with a fake clock', async () => {
    const ask = await say('appeler le dentiste');
    expect(textOf(ask[0])).toBe("Quand dois-je vous rappeler d'appeler le dentiste ? (par ex. « demain à 9h », « dans 2 heures »)");
    expect(world.states.get(7)).toMatchObject({ draft: { subject: 'appeler le dentiste' }, pending: { kind: 'when' } });

    const confirm = await say('lundi à 9h30');
    expect(confirm).toEqual([
      {
        kind: 'text',
        text: '📅 Appeler le dentiste — lundi 30 mars à 09:30 (Paris). Je confirme ?',
        buttons: [
          { id: 'confirm', title: 'Confirmer' },
          { id: 'change', title: 'Modifier' },
          { id: 'cancel', title: 'Annuler' },
        ],
      },
    ]);
    for (const b of confirm[0].kind === 'text' ? confirm[0].buttons! : []) expect(b.title.length).toBeLessThanOrEqual(20);
    expect(world.reminders).toHaveLength(0);

    const done = await tap('confirm');
    expect(textOf(done[0])).toBe("✅ C'est noté ! Je vous le rappellerai lundi 30 mars à 09:30 (Paris).");
    expect(world.reminders).toEqual([expect.objectContaining({ subject: 'Appeler le dentiste', dueAt: new Date('2026-03-30T07:30:00Z'), timezone: 'Europe/Paris', languageCode: 'fr' })]);
    expect(world.states.get(7)).toEqual({ lastReminderId: 100, lastConfirmed: { ids: [100], at: world.now.toISOString() } });
  });

  it.each(['vers 18h', 'around 6pm', 'plutôt 18h', 'disons 18h'])('"%s" answers "when?" for the same draft', async (answer) => {
    await say('rappelle moi d\'acheter du pain');
    const confirm = await say(answer);
    expect(textOf(confirm[0])).toMatch(/^📅 Acheter du pain — .* à 18:00 \(Paris\)\. Je confirme \?$/);
  });

  it('elides "de" before a vowel in French, not before a consonant', async () => {
    expect(textOf((await say('appeler maman'))[0])).toMatch(/rappeler d'appeler maman \?/);
    world = new World();
    bot = new Conversation(world.ports());
    expect(textOf((await say('sortir les poubelles'))[0])).toMatch(/rappeler de sortir les poubelles \?/);
  });

  it.each(['oui', 'yes', 'ok', '👍', 'Oui !', 'OK.', "d'accord"])('"%s" confirms by text', async (word) => {
    await say('rappelle-moi de sortir les poubelles demain à 20h');
    const done = await say(word);
    expect(textOf(done[0])).toMatch(/^✅ C'est noté ! Je vous le rappellerai demain à 20:00 \(Paris\)\.$/);
    expect(world.reminders).toHaveLength(1);
  });

  it('a confirmation word with nothing to confirm creates nothing', async () => {
    expect(textOf((await say('oui'))[0])).toMatch(/rien à confirmer/);
    expect(world.reminders).toHaveLength(0);
  });

  it('"Change" then a new time keeps the subject; "Cancel" drops the draft', async () => {
    await say('remind me to call mom tomorrow at 6pm');
    expect(textOf((await tap('change'))[0])).toMatch(/Que faut-il changer/);
    const again = await say('at 7pm');
    expect(textOf(again[0])).toBe('📅 Call mom — demain à 19:00 (Paris). Je confirme ?');
    await tap('cancel');
    expect(world.states.get(7)?.draft).toBeUndefined();
    expect(world.reminders).toHaveLength(0);
  });

  it('the spoken language becomes the reminder language while replies stay in the user language', async () => {
    await say('remind me to call mom in 2 hours', { spokenLanguage: 'en', voice: true });
    await say('yes');
    expect(world.reminders[0]).toMatchObject({ subject: 'Call mom', languageCode: 'en', dueAt: new Date('2026-03-27T12:00:00Z') });
  });

  it('refuses over quota at confirmation, with the upgrade link', async () => {
    world.quotaLimit = 0;
    await say("rappelle-moi d'appeler maman dans 2 minutes");
    const refusal = await say('oui');
    expect(textOf(refusal[0])).toMatch(/limite de 0 rappels sur 7 jours/);
    expect(textOf(refusal[0])).toContain('https://rappel.test/pricing');
    expect(world.reminders).toHaveLength(0);
    expect(world.states.get(7)?.draft).toBeUndefined();
  });

  it('a time that passed while the user hesitated is asked again, not saved', async () => {
    await say("rappelle-moi d'appeler maman dans 2 minutes");
    world.now = new Date(world.now.getTime() + 5 * 60_000);
    expect(textOf((await say('oui'))[0])).toMatch(/déjà passée/);
    expect(world.reminders).toHaveLength(0);
  });

  describe('commands, in both languages', () => {
    beforeEach(async () => {
      for (const text of ['appeler le dentiste lundi à 9h30', 'acheter du pain demain à 8h']) {
        await say(text);
        await say('oui');
      }
    });

    it('lists, then cancels the 2nd by its number (French)', async () => {
      const list = textOf((await say('liste'))[0])!;
      expect(list).toBe(
        ['Vos prochains rappels :', '1. Acheter du pain — demain à 08:00 (Paris)', '2. Appeler le dentiste — lundi 30 mars à 09:30 (Paris)', '', 'Répondez « annule 2 » pour en annuler un, ou « décale le 2 à 18h » pour le déplacer.'].join('\n'),
      );
      expect(textOf((await say('annule le 2'))[0])).toBe('🗑️ Annulé : Appeler le dentiste (lundi 30 mars à 09:30).');
      expect(world.reminders.find((r) => r.subject === 'Appeler le dentiste')?.status).toBe('cancelled');
      expect(textOf((await say('annule 9'))[0])).toMatch(/ne trouve pas le rappel numéro 9/);
    });

    it('lists and reschedules in English after switching language', async () => {
      expect(textOf((await say('/lang en'))[0])).toBe('I will speak English with you from now on.');
      expect(textOf((await say('/list'))[0])).toMatch(/^Your upcoming reminders:\n1\. Acheter du pain — tomorrow at 08:00 \(Paris\)/);
      // A clock time alone keeps the reminder's own day.
      expect(textOf((await say('move 1 to 6pm'))[0])).toBe('🔁 Moved: Acheter du pain — tomorrow at 18:00 (Paris).');
      expect(world.reminders.find((r) => r.subject === 'Acheter du pain')?.dueAt).toEqual(new Date('2026-03-28T17:00:00Z'));
      expect(textOf((await say('move 1 to monday 7am'))[0])).toBe('🔁 Moved: Acheter du pain — Monday 30 March at 07:00 (Paris).');
    });

    it('"décale-le à 18h" moves the last reminder', async () => {
      expect(textOf((await say('décale-le à 18h'))[0])).toBe('🔁 Décalé : Acheter du pain — demain à 18:00 (Paris).');
    });

    it('changes the timezone by city name or IANA name, and refuses unknown ones', async () => {
      expect(textOf((await say('fuseau Montréal'))[0])).toBe('🌍 Votre fuseau horaire est maintenant America/Toronto (il y est 06:00).');
      expect(textOf((await say('/tz Asia/Tokyo'))[0])).toMatch(/Asia\/Tokyo \(il y est 19:00\)/);
      expect(textOf((await say('timezone Atlantis'))[0])).toMatch(/Je ne connais pas le fuseau « Atlantis »/);
      expect(world.user.timezone).toBe('Asia/Tokyo');
    });

    it('help and unrecognised messages get a short helpful answer', async () => {
      expect(textOf((await say('aide'))[0])).toMatch(/^Je transforme vos notes vocales/);
      expect(textOf((await say('?!'))[0])).toMatch(/^Désolé, je n'ai pas compris/);
    });
  });

  describe('STOP / ARRÊT / START (broadcast opt-out), in both languages', () => {
    it.each(['STOP', 'stop', 'ARRÊT', 'Arrêt !', 'arret', '/stop'])('"%s" opts out and confirms in French', async (word) => {
      const [reply] = await say(word);
      expect(world.optedOut).toBe(true);
      expect(textOf(reply)).toMatch(/^C'est noté : vous ne recevrez plus nos annonces\. .*Envoyez START/);
    });

    it('START opts back in; an English user reads English', async () => {
      world.user = { ...world.user, language: 'en' };
      expect(textOf((await say('ARRÊT'))[0])).toMatch(/^Done: you will no longer receive our announcements\./);
      expect(world.optedOut).toBe(true);
      expect(textOf((await say('START'))[0])).toMatch(/^Done: you will receive our announcements again\. Send STOP/);
      expect(world.optedOut).toBe(false);
    });

    it('STOP during a proposal drops the draft and saves nothing', async () => {
      await say('appeler le dentiste lundi à 9h30');
      await say('stop');
      expect(world.optedOut).toBe(true);
      expect(textOf((await say('oui'))[0])).toMatch(/rien à confirmer/);
      expect(world.reminders).toHaveLength(0);
    });

    it('a sentence containing "stop" is not an opt-out', async () => {
      await say('stop the oven tomorrow at 6pm');
      expect(world.optedOut).toBe(false);
    });
  });

  it('snooze buttons on a delivered reminder and the play button of the WhatsApp template', async () => {
    world.reminders.push({ id: 5, subject: 'Appeler maman', reminderText: 'Appeler maman', dueAt: new Date('2026-03-27T09:59:00Z'), timezone: 'Europe/Paris', languageCode: 'fr', status: 'sent' });
    const play = await tap('play:5');
    expect(play[0]).toMatchObject({ kind: 'voice', caption: '⏰ Rappel : Appeler maman' });
    expect(play[0].kind === 'voice' && play[0].buttons!.map((b) => b.id)).toEqual(['snooze:5:10m', 'snooze:5:1h', 'snooze:5:tomorrow']);
    expect(textOf((await tap('snooze:5:10m'))[0])).toBe('⏰ Reporté : je vous le rappellerai aujourd’hui à 11:10 (Paris).'.replace('aujourd’hui', "aujourd'hui"));
    const copy = world.reminders.find((r) => r.id !== 5)!;
    expect(copy).toMatchObject({ status: 'pending', dueAt: new Date('2026-03-27T10:10:00Z') });
    // A snooze button only acts on a delivered reminder: on the pending copy it changes nothing.
    expect(textOf((await tap(`snooze:${copy.id}:tomorrow`))[0])).toMatch(/plus en attente/);
    expect(copy.dueAt).toEqual(new Date('2026-03-27T10:10:00Z'));
    // Once the copy is delivered, its "tomorrow" keeps the wall-clock time in the reminder's zone.
    copy.status = 'sent';
    await tap(`snooze:${copy.id}:tomorrow`);
    const again = world.reminders.find((r) => r.id !== 5 && r.id !== copy.id)!;
    expect(again.dueAt).toEqual(new Date('2026-03-28T10:00:00Z'));
  });

  it('asks once for the zone when the number belongs to a country with several', async () => {
    world.user = { ...world.user, phoneNumber: '+15145551234', timezone: 'America/Toronto', timezoneConfirmed: false, language: 'en' };
    const first = await say('hello');
    const question = first[first.length - 1];
    expect(textOf(question)).toMatch(/several time zones/);
    expect(question.kind === 'text' && question.buttons!.map((b) => b.id)).toEqual(['tz:America/Toronto', 'tz:America/Vancouver', 'tz:America/Edmonton']);
    expect(textOf((await tap('tz:America/Vancouver'))[0])).toMatch(/America\/Vancouver/);
    expect(world.user).toMatchObject({ timezone: 'America/Vancouver', timezoneConfirmed: true });
    const again = await say('hello');
    expect(again.some((m) => /several time zones/.test(textOf(m) ?? ''))).toBe(false);
  });
});

describe('Conversation: several reminders, corrections, repeats, zone question', () => {
  let world: World;
  let bot: Conversation;
  const say = async (text: string, extra: Partial<Extract<Turn, { kind: 'text' }>> = {}, channel: 'whatsapp' | 'telegram' = 'whatsapp') =>
    (await bot.handle(world.user, { kind: 'text', text, ...extra }, channel, world.now)).replies.map((r) => (r.message.kind === 'text' ? r.message.text : r.message.caption));
  const tap = async (id: string) => (await bot.handle(world.user, { kind: 'button', id }, 'whatsapp', world.now)).replies.map((r) => r.message);
  const pending = () => world.reminders.filter((r) => r.status === 'pending');

  beforeEach(() => {
    world = new World();
    bot = new Conversation(world.ports());
  });

  it('fr: several reminders in one message, one confirmation listing them all, confirmed at once', async () => {
    const [ask] = await say('demain à 8h sortir les poubelles et à 19h les rentrer');
    expect(ask).toBe('📅 2 rappels : Sortir les poubelles demain à 08:00 ; Les rentrer demain à 19:00 — je confirme ?');
    expect(world.reminders).toHaveLength(0);
    const [done] = await say('oui');
    expect(done).toBe("✅ C'est noté ! 2 rappels : Sortir les poubelles demain à 08:00 ; Les rentrer demain à 19:00.");
    expect(pending().map((r) => [r.subject, r.dueAt.toISOString()])).toEqual([
      ['Sortir les poubelles', '2026-03-28T07:00:00.000Z'],
      ['Les rentrer', '2026-03-28T18:00:00.000Z'],
    ]);
  });

  it('en: several reminders, confirm with the button; the quota is checked for all at once', async () => {
    world.user = { ...world.user, language: 'en' };
    world.quotaLimit = 1;
    const [ask] = await say('remind me to call mom tomorrow at 6pm and to buy bread on Saturday at 10am');
    expect(ask).toBe('📅 2 reminders: Call mom tomorrow at 18:00 ; Buy bread tomorrow at 10:00 — shall I confirm?');
    const refusal = await tap('confirm');
    expect(refusal[0].kind === 'text' && refusal[0].text).toMatch(/limit of 1 reminders/);
    expect(world.reminders).toHaveLength(0);
    world.quotaLimit = 2;
    await say('remind me to call mom tomorrow at 6pm and to buy bread on Saturday at 10am');
    const [done] = (await tap('confirm')).map((m) => (m.kind === 'text' ? m.text : ''));
    expect(done).toBe('✅ Done! 2 reminders: Call mom tomorrow at 18:00 ; Buy bread tomorrow at 10:00.');
    expect(world.reminders).toHaveLength(2);
  });

  it('several: "change" asks, a correction applies to the last one, "annule le dernier" drops it, cancel drops all', async () => {
    await say('demain à 8h sortir les poubelles et à 19h les rentrer');
    expect((await tap('change'))[0]).toMatchObject({ text: expect.stringMatching(/Renvoyez les rappels corrigés/) });
    expect(await say('non, plutôt à 20h')).toEqual(['📅 2 rappels : Sortir les poubelles demain à 08:00 ; Les rentrer demain à 20:00 — je confirme ?']);
    expect(await say('annule le dernier')).toEqual(['📅 Sortir les poubelles — demain à 08:00 (Paris). Je confirme ?']);
    await say('oui');
    expect(pending().map((r) => r.subject)).toEqual(['Sortir les poubelles']);
    await say('demain à 8h sortir les poubelles et à 19h les rentrer');
    await tap('cancel');
    expect(world.states.get(7)?.batch).toBeUndefined();
    expect(pending()).toHaveLength(1);
  });

  it.each([
    ['fr', 'non, plutôt à 18h', '📅 Appeler le médecin — demain à 18:00 (Paris). Je confirme ?'],
    ['fr', 'non, jeudi', '📅 Appeler le médecin — jeudi 2 avril à 09:00 (Paris). Je confirme ?'],
    ['fr', 'change le sujet : appeler Paul', '📅 Appeler Paul — demain à 09:00 (Paris). Je confirme ?'],
    ['en', 'actually make it 6pm', '📅 Call the doctor — tomorrow at 18:00 (Paris). Shall I confirm?'],
    ['en', 'no, Thursday', '📅 Call the doctor — Thursday 2 April at 09:00 (Paris). Shall I confirm?'],
    ['en', "actually it's to call Paul", '📅 Call Paul — tomorrow at 09:00 (Paris). Shall I confirm?'],
  ])('%s: "%s" after the confirmation question changes the proposal', async (language, correction, expected) => {
    world.user = { ...world.user, language: language as 'fr' | 'en' };
    await say(language === 'fr' ? 'demain à 9h appeler le médecin' : 'remind me to call the doctor tomorrow at 9am');
    expect(await say(correction)).toEqual([expected]);
    expect(world.reminders).toHaveLength(0);
  });

  it.each([
    ['fr', 'annule le dernier'],
    ['fr', 'laisse tomber'],
    ['en', 'cancel that'],
  ])('%s: "%s" before confirming drops the proposal', async (language, text) => {
    world.user = { ...world.user, language: language as 'fr' | 'en' };
    await say(language === 'fr' ? 'demain à 9h appeler le médecin' : 'remind me to call the doctor tomorrow at 9am');
    await say(text);
    expect(world.states.get(7)?.draft).toBeUndefined();
    expect(world.reminders).toHaveLength(0);
  });

  it.each([
    ['fr', 'non, plutôt à 18h', { dueAt: new Date('2026-03-28T17:00:00Z') }, '✏️ Modifié : Appeler le médecin — demain à 18:00 (Paris).'],
    ['fr', 'non, jeudi', { dueAt: new Date('2026-04-02T07:00:00Z') }, '✏️ Modifié : Appeler le médecin — jeudi 2 avril à 09:00 (Paris).'],
    ['fr', 'change le sujet : appeler Paul', { subject: 'Appeler Paul' }, '✏️ Modifié : Appeler Paul — demain à 09:00 (Paris).'],
    ['fr', 'annule le dernier', { status: 'cancelled' }, '🗑️ Annulé : Appeler le médecin (demain à 09:00).'],
    ['fr', 'laisse tomber', { status: 'cancelled' }, '🗑️ Annulé : Appeler le médecin (demain à 09:00).'],
    ['en', 'actually make it 6pm', { dueAt: new Date('2026-03-28T17:00:00Z') }, '✏️ Changed: Call the doctor — tomorrow at 18:00 (Paris).'],
    ['en', "actually it's to call Paul", { subject: 'Call Paul' }, '✏️ Changed: Call Paul — tomorrow at 09:00 (Paris).'],
    ['en', 'cancel that', { status: 'cancelled' }, '🗑️ Cancelled: Call the doctor (tomorrow at 09:00).'],
  ])('%s: "%s" right after confirming changes the saved reminder', async (language, correction, change, reply) => {
    world.user = { ...world.user, language: language as 'fr' | 'en' };
    await say(language === 'fr' ? 'demain à 9h appeler le médecin' : 'remind me to call the doctor tomorrow at 9am');
    await say(language === 'fr' ? 'oui' : 'yes');
    expect(await say(correction)).toEqual([reply]);
    expect(world.reminders).toHaveLength(1);
    expect(world.reminders[0]).toMatchObject(change);
  });

  it('a correction long after confirming is a new message, and a new reminder is never taken for a correction', async () => {
    await say('demain à 9h appeler le médecin');
    await say('oui');
    const [asked] = await say('appeler Paul samedi à 10h');
    expect(asked).toMatch(/^📅 Appeler Paul — demain à 10:00/);
    await say('non');
    world.now = new Date(world.now.getTime() + 3600_000);
    await say('non, plutôt à 18h');
    expect(world.reminders[0].dueAt).toEqual(new Date('2026-03-28T08:00:00Z'));
  });

  it('a voice note corrects the same way (the transcript, its spoken language)', async () => {
    await say('demain à 9h appeler le médecin');
    await say('oui');
    expect(await say('actually make it 6pm', { spokenLanguage: 'en', voice: true })).toEqual(['✏️ Modifié : Appeler le médecin — demain à 18:00 (Paris).']);
  });

  it('repeats: Premium (trial included) confirms the rule in words; Basic is told and offered the upgrade, the reminder set once', async () => {
    world.user = { ...world.user, trialEndsAt: new Date('2026-04-01T00:00:00Z') };
    expect(await say('tous les lundis à 8h sortir les poubelles')).toEqual(['📅 Sortir les poubelles — tous les lundis à 08:00, à partir de lundi 30 mars à 08:00 (Paris). Je confirme ?']);
    expect(await say('oui')).toEqual(["✅ C'est noté ! Je vous le rappellerai tous les lundis à 08:00, à partir de lundi 30 mars à 08:00 (Paris)."]);
    expect(world.reminders[0]).toMatchObject({ rrule: 'FREQ=WEEKLY;BYDAY=MO' });

    world.user = { ...world.user, trialEndsAt: null, plan: 'basic' };
    const basic = await say('tous les lundis à 8h sortir les poubelles');
    expect(basic).toEqual([
      'Les rappels répétés sont réservés à Premium (passer à Premium : https://rappel.test/pricing) ; je le programme donc une seule fois.',
      '📅 Sortir les poubelles — lundi 30 mars à 08:00 (Paris). Je confirme ?',
    ]);
    await say('oui');
    expect(world.reminders[1]).toMatchObject({ rrule: null });
  });

  it('en: a repeat described in English; the list shows the repetition', async () => {
    world.user = { ...world.user, language: 'en', plan: 'premium' };
    expect(await say('every Monday at 8am put the bins out')).toEqual(['📅 Put the bins out — every Monday at 08:00, starting Monday 30 March at 08:00 (Paris). Shall I confirm?']);
    await say('yes');
    const [list] = await say('list');
    expect(list).toContain('1. Put the bins out — Monday 30 March at 08:00 (Paris) 🔁 every Monday at 08:00');
  });

  it('a delivered repeating reminder offers "Stop repeating"; the button ends the series', async () => {
    world.user = { ...world.user, plan: 'premium' };
    await say('tous les lundis à 8h sortir les poubelles');
    await say('oui');
    const played = await tap('play:100');
    expect(played[0].kind === 'voice' && played[0].buttons!.map((b) => b.id)).toEqual(['snooze:100:10m', 'snooze:100:1h', 'stop:100']);
    expect((played[0] as { buttons: Array<{ title: string }> }).buttons[2].title).toBe('Arrêter la série');
    expect((await tap('stop:100'))[0]).toMatchObject({ text: '⏹️ Entendu, « Sortir les poubelles » ne sera plus répété.' });
    expect(world.reminders[0].status).toBe('cancelled');
    expect((await tap('stop:100'))[0]).toMatchObject({ text: "Ce rappel n'est plus répété." });
  });

  it.each([
    ['fr', 'Montréal', 'America/Toronto'],
    ['en', 'Dakar', 'Africa/Dakar'],
  ])('%s: an unknown zone (no phone) is asked once before the first confirmation; "%s" sets it and the reminder is read in it', async (language, city, zone) => {
    world.user = { ...world.user, language: language as 'fr' | 'en', phoneNumber: null, timezone: 'UTC', timezoneConfirmed: false };
    const [question] = await say(language === 'fr' ? 'demain à 9h appeler le médecin' : 'remind me to call the doctor tomorrow at 9am', {}, 'telegram');
    expect(question).toMatch(language === 'fr' ? /dans quelle ville êtes-vous \?.*partager votre position/ : /which city are you in\?.*share your location/);
    expect(world.reminders).toHaveLength(0);
    const replies = await say(city, {}, 'telegram');
    expect(world.user.timezone).toBe(zone);
    expect(replies[1]).toMatch(language === 'fr' ? /^📅 Appeler le médecin — demain à 09:00 \(.+\)\. Je confirme \?$/ : /^📅 Call the doctor — tomorrow at 09:00 \(.+\)\. Shall I confirm\?$/);
    await say(language === 'fr' ? 'oui' : 'yes', {}, 'telegram');
    const local = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit' }).format(world.reminders[0].dueAt);
    expect(local).toBe('09:00');
    expect(world.reminders[0].timezone).toBe(zone);
    // Asked once: the next reminder is not held up again.
    world.user = { ...world.user, timezoneConfirmed: false };
    expect((await say('demain à 10h appeler Paul', {}, 'telegram'))[0]).toMatch(/^📅/);
  });

  it('a shared location answers the zone question; the pending reminder is read in that zone', async () => {
    world.user = { ...world.user, language: 'fr', phoneNumber: null, timezone: 'UTC', timezoneConfirmed: false };
    await say('demain à 9h appeler le médecin', {}, 'telegram');
    const replies = (await bot.handle(world.user, { kind: 'location', latitude: 14.7167, longitude: -17.4677 }, 'telegram', world.now)).replies.map((r) =>
      r.message.kind === 'text' ? r.message.text : '',
    );
    expect(world.user.timezone).toBe('Africa/Dakar');
    expect(replies).toEqual([expect.stringMatching(/^🌍 .*Africa\/Dakar/), '📅 Appeler le médecin — demain à 09:00 (Dakar). Je confirme ?']);
    await say('oui', {}, 'telegram');
    expect(world.reminders[0]).toMatchObject({ timezone: 'Africa/Dakar', dueAt: new Date('2026-03-28T09:00:00Z') });
  });

  it('"décale-le à 18h" on a repeating reminder moves the series (an edit), not one occurrence', async () => {
    world.user = { ...world.user, plan: 'premium' };
    await say('tous les lundis à 8h sortir les poubelles');
    await say('oui');
    world.now = new Date(world.now.getTime() + 3600_000); // past the correction window: a plain command
    expect(await say('décale-le à 18h')).toEqual(['🔁 Décalé : Sortir les poubelles — lundi 30 mars à 18:00 (Paris).']);
    expect(world.updated).toEqual([100]);
  });

  it('"annule-le" on a repeating reminder asks: just the next one or the whole series; "juste le prochain" skips one', async () => {
    world.user = { ...world.user, plan: 'premium' };
    await say('tous les lundis à 8h sortir les poubelles');
    await say('oui');
    world.now = new Date(world.now.getTime() + 3600_000); // past the correction window: a plain command
    const asked = await bot.handle(world.user, { kind: 'text', text: 'annule-le' }, 'whatsapp', world.now);
    const question = asked.replies[0].message;
    expect(question.kind === 'text' && question.text).toBe(
      '🔁 « Sortir les poubelles » se répète (tous les lundis à 08:00). J’annule juste le prochain (lundi 30 mars à 08:00) ou toute la série ?',
    );
    expect(question.kind === 'text' && question.buttons!.map((b) => [b.id, b.title])).toEqual([
      ['skip:100', 'Juste le prochain'],
      ['stop:100', 'Toute la série'],
    ]);
    expect(world.reminders[0].status).toBe('pending');
    expect(await say('juste le prochain')).toEqual(['⏭️ C’est noté, je saute « Sortir les poubelles » (lundi 30 mars à 08:00). Le suivant : lundi 6 avril à 08:00.']);
    expect(world.reminders.map((r) => [r.id, r.status])).toEqual([
      [100, 'cancelled'],
      [101, 'pending'],
    ]);
  });

  it('en: "cancel it" on a repeating reminder asks; "the whole series" ends it, "no" keeps it, the words can say it at once', async () => {
    world.user = { ...world.user, language: 'en', plan: 'premium' };
    await say('every Monday at 8am put the bins out');
    await say('yes');
    world.now = new Date(world.now.getTime() + 3600_000);
    expect((await say('cancel it'))[0]).toBe('🔁 "Put the bins out" repeats (every Monday at 08:00). Shall I cancel just the next one (Monday 30 March at 08:00) or the whole series?');
    expect(await say('no')).toEqual(['OK, nothing changed.']);
    expect(world.reminders[0].status).toBe('pending');
    await say('cancel it');
    expect(await say('the whole series')).toEqual(['⏹️ OK, "Put the bins out" will not repeat any more.']);
    expect(world.reminders[0].status).toBe('cancelled');

    await say('every Tuesday at 9am water the plants');
    await say('yes');
    world.now = new Date(world.now.getTime() + 3600_000);
    expect(await say('skip the next one')).toEqual(['⏭️ OK, I will skip "Water the plants" (Tuesday 31 March at 09:00). The next one: Tuesday 7 April at 09:00.']);
    expect(world.reminders.slice(1).map((r) => r.status)).toEqual(['cancelled', 'pending']);
  });

  it('right after confirming, "annule la série" ends the series and a one-off "annule" still cancels at once', async () => {
    world.user = { ...world.user, plan: 'premium' };
    await say('tous les jours à 8h prendre mes vitamines');
    await say('oui');
    expect(await say('annule la série')).toEqual(['⏹️ Entendu, « Prendre mes vitamines » ne sera plus répété.']);
    expect(world.reminders[0].status).toBe('cancelled');
    await say('demain à 9h appeler Paul');
    await say('oui');
    expect((await say('annule'))[0]).toMatch(/^🗑️ Annulé : Appeler Paul/);
  });
});
