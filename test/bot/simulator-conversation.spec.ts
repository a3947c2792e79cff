import request from 'supertest';
import { OpenAiStandIn } from '../support/openai-stand-in';
import { createTestApp, TestApp, uniquePhone } from '../support/test-app';
import { testDatabases } from '../support/test-db';
import { voiceNote, waitFor } from './bot-test-kit';

jest.setTimeout(120_000);

interface Live {
  type: string;
  data: { id: string; direction: string; text: string | null; buttons?: Array<{ id: string; title: string }> };
}

/**
 * Several reminders and each kind of correction through the simulator channel (the same intake,
 * conversation and reminders service as WhatsApp and Telegram), in French and in English, typed
 * and spoken (speech-to-text through the OpenAI stand-in).
 */
describe.each(testDatabases())('conversation through the simulator (%s)', (db) => {
  let t: TestApp;
  let openai: OpenAiStandIn;

  beforeAll(async () => {
    openai = await new OpenAiStandIn().start();
    t = await createTestApp({ db, env: { PUBLIC_URL: 'https://rappel.test', OPENAI_API_KEY: openai.apiKey, OPENAI_BASE_URL: openai.baseURL } });
  });
  afterAll(async () => {
    await t?.close();
    await t?.db.drop();
    await openai?.stop();
  });

  async function signUp(language: 'fr' | 'en'): Promise<{ cookie: string; id: number }> {
    const res = await request(t.app.getHttpServer()).post('/api/register').send({ phoneNumber: uniquePhone(), password: 'correct horse 42', countryCode: '+33', language });
    expect(res.status).toBe(201);
    return { cookie: (res.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; '), id: res.body.id };
  }

  /** Sends one turn and returns the bot's answer(s) to it. The first turn is "help", which also gets the welcome. */
  async function chatFor(user: { cookie: string }, language: 'fr' | 'en') {
    const say = chat(user.cookie);
    await say({ text: language === 'fr' ? 'aide' : 'help' });
    return say;
  }

  function chat(cookie: string) {
    const server = () => request(t.app.getHttpServer());
    const outgoing = async () => ((await server().get('/api/simulator/messages').set('cookie', cookie)).body as Live[]).filter((m) => m.data.direction === 'outgoing');
    return async (input: { text?: string; buttonId?: string; audio?: string; mimeType?: string }): Promise<string[]> => {
      const before = (await outgoing()).length;
      await server().post('/api/simulator/messages').set('cookie', cookie).send(input).expect(202);
      const replies = await waitFor(async () => {
        const now = await outgoing();
        return now.length > before ? now.slice(before) : null;
      }, `an answer to ${JSON.stringify(input).slice(0, 80)}`);
      // Let the whole answer (some turns send two messages) arrive.
      await new Promise((r) => setTimeout(r, 300));
      return (await outgoing()).slice(before).map((m) => m.data.text ?? '');
    };
  }

  const rows = (userId: number) =>
    t.dataSource.query(`SELECT subject, status, due_at, timezone, rrule FROM reminders WHERE user_id = $1 ORDER BY id`, [userId]) as Promise<
      Array<{ subject: string; status: string; due_at: Date; timezone: string; rrule: string | null }>
    >;
  const paris = (d: Date) => new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', weekday: 'long', hour: '2-digit', minute: '2-digit' }).format(d);

  it('fr: two reminders in one message, one confirmation, both saved; then "non, plutôt à 20h" and "annule le dernier" right after', async () => {
    const user = await signUp('fr');
    const say = await chatFor(user, 'fr');
    const [ask] = await say({ text: 'demain à 8h sortir les poubelles et à 19h les rentrer' });
    expect(ask).toBe('📅 2 rappels : Sortir les poubelles demain à 08:00 ; Les rentrer demain à 19:00 — je confirme ?');
    const [done] = await say({ buttonId: 'confirm' });
    expect(done).toBe("✅ C'est noté ! 2 rappels : Sortir les poubelles demain à 08:00 ; Les rentrer demain à 19:00.");
    expect((await rows(user.id)).map((r) => [r.subject, r.status])).toEqual([
      ['Sortir les poubelles', 'pending'],
      ['Les rentrer', 'pending'],
    ]);
    expect(await say({ text: 'non, plutôt à 20h' })).toEqual(['✏️ Modifié : Les rentrer — demain à 20:00 (Paris).']);
    expect(paris((await rows(user.id))[1].due_at)).toMatch(/20:00$/);
    expect(await say({ text: 'change le sujet : rentrer les poubelles' })).toEqual(['✏️ Modifié : Rentrer les poubelles — demain à 20:00 (Paris).']);
    expect(await say({ text: 'annule le dernier' })).toEqual(['🗑️ Annulé : Rentrer les poubelles (demain à 20:00).']);
    expect((await rows(user.id)).map((r) => [r.subject, r.status])).toEqual([
      ['Sortir les poubelles', 'pending'],
      ['Rentrer les poubelles', 'cancelled'],
    ]);
  });

  it('fr: corrections before confirming — a day, a subject — then a weekly repeat confirmed in words', async () => {
    const user = await signUp('fr');
    const say = await chatFor(user, 'fr');
    await say({ text: 'demain à 9h appeler le médecin' });
    const [day] = await say({ text: 'non, jeudi' });
    expect(day).toMatch(/^📅 Appeler le médecin — jeudi \d+ \S+ à 09:00 \(Paris\)\. Je confirme \?$/);
    expect(await say({ text: 'change le sujet : appeler Paul' })).toEqual([day.replace('Appeler le médecin', 'Appeler Paul')]);
    await say({ text: 'oui' });
    expect((await rows(user.id)).map((r) => [r.subject, paris(r.due_at)])).toEqual([['Appeler Paul', expect.stringMatching(/^jeudi 09:00$/)]]);

    const [repeat] = await say({ text: 'tous les lundis à 8h sortir les poubelles' });
    expect(repeat).toMatch(/^📅 Sortir les poubelles — tous les lundis à 08:00, à partir (?:de lundi \d+ \S+|d'aujourd'hui) à 08:00 \(Paris\)\. Je confirme \?$/);
    const [saved] = await say({ text: 'oui' });
    expect(saved).toMatch(/^✅ C'est noté ! Je vous le rappellerai tous les lundis à 08:00/);
    expect((await rows(user.id))[1]).toMatchObject({ subject: 'Sortir les poubelles', rrule: 'FREQ=WEEKLY;BYDAY=MO', status: 'pending' });
  });

  it('en: several reminders, "actually make it 6pm" and "cancel that" before confirming, a voice note correcting after', async () => {
    const user = await signUp('en');
    const say = await chatFor(user, 'en');
    const [ask] = await say({ text: 'remind me to call mom tomorrow at 5pm and to buy bread tomorrow at 10am' });
    expect(ask).toBe('📅 2 reminders: Call mom tomorrow at 17:00 ; Buy bread tomorrow at 10:00 — shall I confirm?');
    expect(await say({ text: 'actually make it 11am' })).toEqual(['📅 2 reminders: Call mom tomorrow at 17:00 ; Buy bread tomorrow at 11:00 — shall I confirm?']);
    expect(await say({ text: 'cancel that' })).toEqual(['📅 Call mom — tomorrow at 17:00 (Paris). Shall I confirm?']);
    expect(await say({ text: "actually it's to call dad" })).toEqual(['📅 Call dad — tomorrow at 17:00 (Paris). Shall I confirm?']);
    await say({ buttonId: 'confirm' });
    expect((await rows(user.id)).map((r) => r.subject)).toEqual(['Call dad']);

    // Spoken right after confirming: transcribed, then read as a correction.
    openai.transcript = { text: 'actually make it 6pm', language: 'en' };
    const replies = await say({ audio: voiceNote().toString('base64'), mimeType: 'audio/ogg' });
    expect(replies).toContain('✏️ Changed: Call dad — tomorrow at 18:00 (Paris).');
    const [saved] = await rows(user.id);
    expect(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit' }).format(saved.due_at)).toBe('18:00');
  });

  it('en: Basic is told repeats are Premium, with the upgrade link, and the reminder is proposed once', async () => {
    const user = await signUp('en');
    await t.dataSource.query(`UPDATE users SET trial_ends_at = now() - interval '1 day', plan = 'basic' WHERE id = $1`, [user.id]);
    const say = await chatFor(user, 'en');
    const replies = await say({ text: 'every Monday at 8am put the bins out' });
    expect(replies).toEqual([
      'Repeating reminders are a Premium feature (upgrade: https://rappel.test/pricing), so I will set this just once.',
      expect.stringMatching(/^📅 Put the bins out — (?:Monday \d+ \S+|today) at 08:00 \(Paris\)\. Shall I confirm\?$/),
    ]);
    await say({ text: 'yes' });
    expect((await rows(user.id))[0]).toMatchObject({ subject: 'Put the bins out', rrule: null });
  });

  it('fr: "annule-le" about a repeating reminder asks which, with a button for each; "juste le prochain" skips one occurrence', async () => {
    const user = await signUp('fr');
    const say = await chatFor(user, 'fr');
    await say({ text: 'tous les lundis à 8h sortir les poubelles' });
    await say({ text: 'oui' });
    const [question] = await say({ text: 'annule-le' });
    expect(question).toMatch(/^🔁 « Sortir les poubelles » se répète \(tous les lundis à 08:00\)\. J’annule juste le prochain \(.+\) ou toute la série \?$/);
    const messages = (await request(t.app.getHttpServer()).get('/api/simulator/messages').set('cookie', user.cookie)).body as Live[];
    const [first] = await rows(user.id);
    expect(messages[messages.length - 1].data.buttons?.map((b) => b.title)).toEqual(['Juste le prochain', 'Toute la série']);
    expect(first.status).toBe('pending');
    const [skipped] = await say({ text: 'juste le prochain' });
    expect(skipped).toMatch(/^⏭️ C’est noté, je saute « Sortir les poubelles » \(.+\)\. Le suivant : lundi \d+ \S+ à 08:00\.$/);
    const after = await rows(user.id);
    expect(after.map((r) => [r.status, r.rrule])).toEqual([
      ['cancelled', 'FREQ=WEEKLY;BYDAY=MO'],
      ['pending', 'FREQ=WEEKLY;BYDAY=MO'],
    ]);
    expect(after[1].due_at.getTime() - after[0].due_at.getTime()).toBe(7 * 86_400_000);
  });

  it('en: "cancel it" about a repeating reminder asks; the "The whole series" button ends the series, nothing stays pending', async () => {
    const user = await signUp('en');
    const say = await chatFor(user, 'en');
    await say({ text: 'every day at 7am take my pill' });
    await say({ text: 'yes' });
    const [question] = await say({ text: 'cancel it' });
    expect(question).toMatch(/^🔁 "Take my pill" repeats \(every day at 07:00\)\. Shall I cancel just the next one \(.+\) or the whole series\?$/);
    const messages = (await request(t.app.getHttpServer()).get('/api/simulator/messages').set('cookie', user.cookie)).body as Live[];
    const buttons = messages[messages.length - 1].data.buttons!;
    expect(buttons.map((b) => b.title)).toEqual(['Just the next one', 'The whole series']);
    expect(await say({ buttonId: buttons[1].id })).toEqual(['⏹️ OK, "Take my pill" will not repeat any more.']);
    expect((await rows(user.id)).map((r) => r.status)).toEqual(['cancelled']);
  });
});
