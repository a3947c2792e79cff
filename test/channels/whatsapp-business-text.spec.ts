import { ChannelSendError } from '../../bot/channels/channel.types';
import { WhatsappApiError } from '../../bot/channels/whatsapp/whatsapp-api.error';
import type { WhatsappTemplate } from '../../bot/channels/whatsapp/whatsapp-business-text';
import { WhatsappChannel } from '../../bot/channels/whatsapp/whatsapp.channel';
import { WhatsappGraphClient } from '../../bot/channels/whatsapp/whatsapp-graph.client';
import { resolveWhatsappOptions } from '../../bot/channels/whatsapp/whatsapp-options';
import { GraphApiStandIn } from '../support/graph-api-stand-in';
import { APPROVED_TEMPLATES } from './fixtures/whatsapp-templates';

const TOKEN = 'EAAG-business-text';
const PNID = '106540352242977';
const HOUR = 3600_000;
const NOW = new Date('2025-03-10T09:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);

const otp = (code = '482913', languageCode = 'fr'): WhatsappTemplate => ({ kind: 'otp', name: 'rappel_code', languageCode, code });
const welcome = (url: string, languageCode = 'fr'): WhatsappTemplate => ({ kind: 'welcome', name: 'rappel_welcome', languageCode, url });

/**
 * Texts we start ourselves (reset codes, the link form's welcome) against a Graph API stand-in
 * that knows the approved templates and Meta's 24 h rule.
 */
describe('WhatsappChannel.sendBusinessText', () => {
  const graph = new GraphApiStandIn(TOKEN, 'v23.0', PNID);
  let channel: WhatsappChannel;

  beforeAll(async () => {
    await graph.start();
    for (const t of APPROVED_TEMPLATES) graph.approveTemplate(t);
    graph.enforceWindows();
    const options = resolveWhatsappOptions({
      apiBaseUrl: graph.origin,
      apiVersion: 'v23.0',
      phoneNumberId: PNID,
      accessToken: TOKEN,
      appSecret: 'secret',
      verifyToken: 'verify',
      reminderTemplate: 'rappel_reminder',
      requestTimeoutMs: 2000,
    });
    channel = new WhatsappChannel(options, new WhatsappGraphClient(options));
  });
  afterAll(async () => {
    await graph.stop();
  });
  beforeEach(() => {
    graph.requests.length = 0;
  });

  it('sends a reset code to a user who never wrote as the authentication template, code in body and copy-code button', async () => {
    const result = await channel.sendBusinessText('+33612340001', { text: 'Votre code Rappel : 482913.', template: otp(), lastInboundAt: null }, NOW);
    expect(result).toEqual({ providerMessageId: expect.stringMatching(/^wamid\./), via: 'template' });
    expect(graph.sentMessages()).toEqual([
      {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: '33612340001',
        type: 'template',
        template: {
          name: 'rappel_code',
          language: { code: 'fr' },
          components: [
            { type: 'body', parameters: [{ type: 'text', text: '482913' }] },
            { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: '482913' }] },
          ],
        },
      },
    ]);
    expect(graph.deliveredTemplates().at(-1)).toEqual({
      to: '33612340001',
      name: 'rappel_code',
      language: 'fr',
      category: 'AUTHENTICATION',
      text: '482913 est votre code de vérification. Pour votre sécurité, ne communiquez ce code à personne.',
      buttonParameters: ['482913'],
    });
  });

  it('uses the template once the last message is more than 24 h old, and a little before, for queueing and clock skew', async () => {
    for (const last of [ago(25 * HOUR), ago(23 * HOUR + 55 * 60_000)]) {
      const r = await channel.sendBusinessText('+33612340002', { text: 'Your Rappel code: 111222.', template: otp('111222', 'en_US'), lastInboundAt: last }, NOW);
      expect(r.via).toBe('template');
    }
    expect(graph.sentMessages().map((m) => [m.type, m.template?.language.code])).toEqual([
      ['template', 'en_US'],
      ['template', 'en_US'],
    ]);
  });

  it('sends the plain text inside the 24 h window', async () => {
    graph.openWindow('33612340003');
    const text = 'Votre code Rappel : 735001. Il expire dans 10 minutes. Ne le partagez avec personne.';
    const result = await channel.sendBusinessText('+33612340003', { text, template: otp('735001'), lastInboundAt: ago(2 * HOUR) }, NOW);
    expect(result.via).toBe('text');
    expect(graph.sentMessages()).toEqual([
      { messaging_product: 'whatsapp', recipient_type: 'individual', to: '33612340003', type: 'text', text: { body: text, preview_url: false } },
    ]);
    expect(graph.windowViolations()).toEqual([]);
  });

  it('falls back to the template when Meta answers 131047 although our log saw a recent message', async () => {
    graph.failNext('/messages', 400, { code: 131047, message: 'Re-engagement message' });
    const result = await channel.sendBusinessText('+33612340004', { text: 'Votre code Rappel : 550123.', template: otp('550123'), lastInboundAt: ago(HOUR) }, NOW);
    expect(result).toMatchObject({ via: 'template', windowClosedByMeta: true });
    expect(graph.sentMessages().map((m) => m.type)).toEqual(['text', 'template']);
    expect(graph.sentMessages()[1].template.components[0].parameters[0].text).toBe('550123');
  });

  it('sends the welcome to a new number as the welcome template with the whole link as its variable', async () => {
    const url = `https://rappel.example/auth?tab=login&phone=%2B33612340005&setPassword=1&${'x'.repeat(220)}`;
    const result = await channel.sendBusinessText('+33612340005', { text: `👋 Bonjour ! Votre compte : ${url}`, template: welcome(url), lastInboundAt: null }, NOW);
    expect(result.via).toBe('template');
    expect(graph.sentMessages()[0].template).toEqual({
      name: 'rappel_welcome',
      language: { code: 'fr' },
      components: [{ type: 'body', parameters: [{ type: 'text', text: url }] }],
    });
    // Longer than the 200 characters other variables are cut to: a cut link would open nothing.
    expect(graph.deliveredTemplates().at(-1)!.text).toContain(`Votre compte : ${url}\n`);
  });

  it('sends the Premium thank-you and the renewal notice as their utility templates outside the window, free-form inside it', async () => {
    const premium: WhatsappTemplate = { kind: 'premium', name: 'rappel_premium', languageCode: 'fr', renewsOn: '10 avril 2025' };
    const thanks = await channel.sendBusinessText('+33612340010', { text: 'Merci ! Votre abonnement Rappel Premium (mensuel) est actif.', template: premium, lastInboundAt: ago(30 * HOUR) }, NOW);
    expect(thanks.via).toBe('template');
    expect(graph.sentMessages()[0].template).toEqual({ name: 'rappel_premium', language: { code: 'fr' }, components: [{ type: 'body', parameters: [{ type: 'text', text: '10 avril 2025' }] }] });
    expect(graph.deliveredTemplates().at(-1)!.text).toContain('Prochain renouvellement : 10 avril 2025.');
    const renewal: WhatsappTemplate = { kind: 'renewal', name: 'rappel_renewal', languageCode: 'en_US', renewsOn: '17 March 2025', amount: '49.90 EUR' };
    const notice = await channel.sendBusinessText('+33612340011', { text: 'A reminder from Rappel: your yearly Premium subscription renews on 17 March 2025.', template: renewal, lastInboundAt: null }, NOW);
    expect(notice.via).toBe('template');
    expect(graph.sentMessages()[1].template).toEqual({
      name: 'rappel_renewal',
      language: { code: 'en_US' },
      components: [{ type: 'body', parameters: [{ type: 'text', text: '17 March 2025' }, { type: 'text', text: '49.90 EUR' }] }],
    });
    expect(graph.deliveredTemplates().at(-1)!.text).toContain('renews on 17 March 2025 (49.90 EUR).');
    const inside = await channel.sendBusinessText('+33612340012', { text: 'Thank you! Your Rappel Premium is active.', template: { ...premium, languageCode: 'en_US' }, lastInboundAt: ago(HOUR) }, NOW);
    expect(inside.via).toBe('text');
    expect(graph.sentMessages()[2].text).toMatchObject({ body: 'Thank you! Your Rappel Premium is active.' });
  });

  it('refuses a code Meta could not carry before any request', async () => {
    for (const code of ['12 34', '', '1234567890123456']) {
      const err = await channel.sendBusinessText('+33612340006', { text: 'x', template: otp(code), lastInboundAt: null }, NOW).catch((e) => e);
      expect(err).toBeInstanceOf(ChannelSendError);
      expect(err.retryable).toBe(false);
    }
    expect(graph.requests).toHaveLength(0);
  });

  it("surfaces Meta's template error (unknown template or language) as a final WhatsappApiError", async () => {
    const err = await channel
      .sendBusinessText('+33612340007', { text: 'x', template: { kind: 'otp', name: 'rappel_code', languageCode: 'de', code: '123456' }, lastInboundAt: null }, NOW)
      .catch((e) => e);
    expect(err).toBeInstanceOf(WhatsappApiError);
    expect(err.code).toBe(132001);
    expect(err.retryable).toBe(false);
    expect(err.message).toContain('Template name does not exist in the translation');
  });
});

describe('Graph API stand-in template checks', () => {
  const graph = new GraphApiStandIn(TOKEN, 'v23.0', PNID);
  beforeAll(async () => {
    await graph.start();
    for (const t of APPROVED_TEMPLATES) graph.approveTemplate(t);
  });
  afterAll(async () => {
    await graph.stop();
  });

  async function send(template: Record<string, unknown>) {
    const res = await fetch(`${graph.origin}/v23.0/${PNID}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ messaging_product: 'whatsapp', to: '33612340009', type: 'template', template }),
    });
    return { status: res.status, code: ((await res.json()) as any).error?.code };
  }

  // So the contract tests above would notice a wrong wire format.
  it('refuses a missing copy-code parameter, a wrong variable count and a newline in a variable', async () => {
    const language = { code: 'fr' };
    expect(await send({ name: 'rappel_code', language, components: [{ type: 'body', parameters: [{ type: 'text', text: '123456' }] }] })).toEqual({ status: 400, code: 131008 });
    expect(await send({ name: 'rappel_welcome', language, components: [] })).toEqual({ status: 400, code: 132000 });
    expect(await send({ name: 'rappel_welcome', language, components: [{ type: 'body', parameters: [{ type: 'text', text: 'a\nb' }] }] })).toEqual({ status: 400, code: 132012 });
    expect(await send({ name: 'rappel_welcome', language, components: [{ type: 'body', parameters: [{ type: 'text', text: 'https://x.test' }] }] })).toEqual({ status: 200, code: undefined });
  });
});
