import { randomBytes } from 'node:crypto';
import { ChannelSendError, VoiceIntegrityError } from '../../bot/channels/channel.types';
import { WhatsappApiError } from '../../bot/channels/whatsapp/whatsapp-api.error';
import { WhatsappChannel } from '../../bot/channels/whatsapp/whatsapp.channel';
import { WhatsappGraphClient } from '../../bot/channels/whatsapp/whatsapp-graph.client';
import { resolveWhatsappOptions } from '../../bot/channels/whatsapp/whatsapp-options';
import { GraphApiStandIn } from '../support/graph-api-stand-in';

const TOKEN = 'EAAG-test-token';
const PNID = '106540352242922';
const HOUR = 3600_000;

function oggVoice(bytes = 4000): Buffer {
  return Buffer.concat([Buffer.from('OggS\0\x02', 'binary'), randomBytes(bytes - 6)]);
}

async function rejection(p: Promise<unknown>): Promise<ChannelSendError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(ChannelSendError);
    return err as ChannelSendError;
  }
  throw new Error('expected a rejection');
}

describe('WhatsappChannel against a Graph API stand-in', () => {
  const graph = new GraphApiStandIn(TOKEN, 'v23.0', PNID);
  let channel: WhatsappChannel;

  function makeChannel(overrides: { accessToken?: string; apiBaseUrl?: string } = {}): WhatsappChannel {
    const options = resolveWhatsappOptions({
      apiBaseUrl: graph.origin,
      apiVersion: 'v23.0',
      phoneNumberId: PNID,
      accessToken: TOKEN,
      appSecret: 'secret',
      verifyToken: 'verify',
      reminderTemplate: 'rappel_reminder',
      requestTimeoutMs: 2000,
      ...overrides,
    });
    return new WhatsappChannel(options, new WhatsappGraphClient(options));
  }

  beforeAll(async () => {
    await graph.start();
  });
  afterAll(async () => {
    await graph.stop();
  });
  beforeEach(() => {
    graph.requests.length = 0;
    channel = makeChannel();
  });

  describe('text', () => {
    it('posts a text message with the bearer token and returns the wamid', async () => {
      const result = await channel.send('+33612345678', { kind: 'text', text: 'Rappel enregistré ✅' });
      expect(result.providerMessageId).toMatch(/^wamid\./);
      expect(graph.requests).toHaveLength(1);
      expect(graph.requests[0].path).toBe(`/v23.0/${PNID}/messages`);
      expect(graph.requests[0].headers.authorization).toBe(`Bearer ${TOKEN}`);
      expect(graph.sentMessages()[0]).toEqual({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: '33612345678',
        type: 'text',
        text: { body: 'Rappel enregistré ✅', preview_url: false },
      });
    });

    it('sends up to three reply buttons, titles cut to 20 characters, ids untouched', async () => {
      await channel.send('+33612345678', {
        kind: 'text',
        text: 'Je programme « dentiste » demain à 9h00 ?',
        buttons: [
          { id: 'confirm:17', title: 'Oui' },
          { id: 'change:17', title: 'Modifier la date et l’heure' },
          { id: 'cancel:17', title: 'Annuler 🙅‍♀️🙅‍♀️🙅‍♀️🙅‍♀️🙅‍♀️🙅‍♀️' },
        ],
      });
      const body = graph.sentMessages()[0];
      expect(body.type).toBe('interactive');
      expect(body.interactive.type).toBe('button');
      expect(body.interactive.body.text).toBe('Je programme « dentiste » demain à 9h00 ?');
      const buttons = body.interactive.action.buttons;
      expect(buttons.map((b: any) => b.reply.id)).toEqual(['confirm:17', 'change:17', 'cancel:17']);
      expect(buttons[0]).toEqual({ type: 'reply', reply: { id: 'confirm:17', title: 'Oui' } });
      // Counted in UTF-16 units too, as the client library validates them: it would refuse the send otherwise.
      for (const b of buttons) expect((b.reply.title as string).length).toBeLessThanOrEqual(20);
      expect(buttons[1].reply.title).toBe('Modifier la date et…');
      // No lone surrogate: the cut falls between code points.
      expect(Buffer.from(buttons[2].reply.title, 'utf8').toString('utf8')).toBe(buttons[2].reply.title);
    });

    it('switches to a list message for more than three choices', async () => {
      const buttons = ['Europe/Paris', 'Europe/London', 'America/New_York', 'Asia/Dubai'].map((z) => ({ id: `tz:${z}`, title: z }));
      await channel.send('33612345678', { kind: 'text', text: 'Quel fuseau ?', buttons });
      const body = graph.sentMessages()[0];
      expect(body.interactive.type).toBe('list');
      expect(body.interactive.action.sections[0].rows.map((r: any) => r.id)).toEqual(buttons.map((b) => b.id));
    });

    it('refuses a button id longer than WhatsApp echoes back, before any request', async () => {
      const err = await rejection(
        channel.send('+33612345678', { kind: 'text', text: 'x', buttons: [{ id: 'x'.repeat(257), title: 'Oui' }] }),
      );
      expect(err.retryable).toBe(false);
      expect(graph.requests).toHaveLength(0);
    });

    it('splits a text longer than 4096 characters into several messages', async () => {
      const paragraph = 'Rappel : ' + 'a'.repeat(90) + '\n';
      await channel.send('+33612345678', { kind: 'text', text: paragraph.repeat(60) });
      const bodies = graph.sentMessages();
      expect(bodies.length).toBe(2);
      for (const b of bodies) expect(b.text.body.length).toBeLessThanOrEqual(4096);
      expect(bodies.map((b) => b.text.body).join('\n').trimEnd()).toBe(paragraph.repeat(60).trimEnd());
    });
  });

  describe('voice notes', () => {
    it('uploads the OGG as multipart, then sends it as a voice note, then the caption with buttons', async () => {
      const audio = oggVoice();
      const result = await channel.send('+33612345678', {
        kind: 'voice',
        audio,
        caption: 'Rappel : dentiste',
        buttons: [{ id: 'done:17', title: 'Fait' }],
      });
      const [upload, voice, caption] = graph.requests;
      expect(upload.path).toBe(`/v23.0/${PNID}/media`);
      expect(upload.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      expect(upload.headers.authorization).toBe(`Bearer ${TOKEN}`);
      expect(upload.fields).toEqual({ messaging_product: 'whatsapp', type: 'audio/ogg' });
      expect(upload.files.file.type).toBe('audio/ogg');
      expect(upload.files.file.data.equals(audio)).toBe(true);

      const mediaId = [...graph.media.keys()][0];
      expect(voice.fields).toMatchObject({ to: '33612345678', type: 'audio', audio: { id: mediaId, voice: true } });
      expect(caption.fields).toMatchObject({ type: 'interactive', interactive: { body: { text: 'Rappel : dentiste' } } });
      expect(result.providerMessageId).toBe(
        // the voice note's own id, which status callbacks will refer to
        'wamid.standin' + (Number(mediaId.split('-')[1]) + 1),
      );
    });

    it('uploads again for every send, since uploaded media expire', async () => {
      await channel.send('+33612345678', { kind: 'voice', audio: oggVoice() });
      await channel.send('+33612345678', { kind: 'voice', audio: oggVoice() });
      expect(graph.requests.filter((r) => r.path.endsWith('/media'))).toHaveLength(2);
    });

    it('rejects audio over 512 KB without uploading it', async () => {
      const err = await rejection(channel.send('+33612345678', { kind: 'voice', audio: oggVoice(512 * 1024 + 1) }));
      expect(err.retryable).toBe(false);
      expect(graph.requests).toHaveLength(0);
    });
  });

  describe('fetchVoice', () => {
    it('looks the media up, then downloads it from the given URL with the bearer token', async () => {
      const bytes = oggVoice(3000);
      graph.media.set('1037543291543636', { data: bytes, mimeType: 'audio/ogg; codecs=opus' });
      const audio = await channel.fetchVoice('1037543291543636');
      expect(audio.data.equals(bytes)).toBe(true);
      expect(audio.mimeType).toBe('audio/ogg; codecs=opus');
      expect(graph.requests.map((r) => r.path)).toEqual(['/v23.0/1037543291543636', '/download/1037543291543636']);
      expect(graph.requests[1].headers.authorization).toBe(`Bearer ${TOKEN}`);
    });

    it('fails permanently for an unknown media id', async () => {
      const err = await rejection(channel.fetchVoice('999'));
      expect(err.retryable).toBe(false);
    });

    it('treats a failing media server as retryable and keeps its status', async () => {
      graph.media.set('media-flaky', { data: oggVoice(1000), mimeType: 'audio/ogg' });
      graph.failNext('/download/media-flaky', 502, { code: 2, message: 'Service temporarily unavailable' });
      const err = await rejection(channel.fetchVoice('media-flaky'));
      expect(err).toMatchObject({ retryable: true, httpStatus: 502 });
      expect(graph.requests.map((r) => r.path)).toEqual(['/v23.0/media-flaky', '/download/media-flaky']);
      expect(graph.requests[1].headers.authorization).toBe(`Bearer ${TOKEN}`);
    });

    it('accepts the sha256 as hex or base64, and downloads once more after a damaged download', async () => {
      const bytes = oggVoice(2000);
      graph.media.set('media-b64', { data: bytes, mimeType: 'audio/ogg' });
      graph.hashEncoding = 'base64';
      try {
        expect((await channel.fetchVoice('media-b64')).data.equals(bytes)).toBe(true);
        graph.damageNextDownloads = 1;
        expect((await channel.fetchVoice('media-b64')).data.equals(bytes)).toBe(true);
      } finally {
        graph.hashEncoding = 'hex';
      }
    });

    it('reports a voice note damaged twice as VoiceIntegrityError (the intake answers politely)', async () => {
      graph.media.set('media-bad', { data: oggVoice(1000), mimeType: 'audio/ogg' });
      graph.damageNextDownloads = 2;
      await expect(channel.fetchVoice('media-bad')).rejects.toBeInstanceOf(VoiceIntegrityError);
    });
  });

  describe('errors', () => {
    it('surfaces 429 with Retry-After as retryable with the hinted wait', async () => {
      graph.failNext('/messages', 429, { code: 130429, message: 'Rate limit hit' }, { 'retry-after': '7' });
      const err = await rejection(channel.send('+33612345678', { kind: 'text', text: 'hi' }));
      expect(err.retryable).toBe(true);
      expect(err.retryAfterMs).toBe(7000);
    });

    it('treats the pair rate limit as retryable after six seconds when no header is given', async () => {
      graph.failNext('/messages', 400, { code: 131056, message: '(Business Account, Consumer Account) pair rate limit hit' });
      const err = await rejection(channel.send('+33612345678', { kind: 'text', text: 'hi' }));
      expect(err).toMatchObject({ retryable: true, retryAfterMs: 6000 });
    });

    it('treats 5xx as retryable', async () => {
      graph.failNext('/messages', 503, { code: 131016, message: 'Service unavailable' });
      const err = await rejection(channel.send('+33612345678', { kind: 'text', text: 'hi' }));
      expect(err.retryable).toBe(true);
    });

    it('treats an invalid recipient as permanent and keeps Meta’s code and message (shown in the support console)', async () => {
      graph.failNext('/messages', 400, { code: 131026, message: 'Message undeliverable' });
      const err = await rejection(channel.send('+33612345678', { kind: 'text', text: 'hi' }));
      expect(err.retryable).toBe(false);
      expect((err as WhatsappApiError).code).toBe(131026);
      expect((err as WhatsappApiError).httpStatus).toBe(400);
      expect(err.message).toContain('HTTP 400 code 131026: Message undeliverable');
    });

    it('treats a message the client library refuses to build as final, and sends nothing', async () => {
      const options = resolveWhatsappOptions({ apiBaseUrl: graph.origin, phoneNumberId: PNID, accessToken: TOKEN, appSecret: 's', verifyToken: 'v', reminderTemplate: '' });
      const misconfigured = new WhatsappChannel(options, new WhatsappGraphClient(options));
      const err = await rejection(
        misconfigured.sendReminder('+33612345678', { subject: 'x', language: 'fr', voice: oggVoice(), caption: 'x', playButtonId: 'play:1', lastInboundAt: null }),
      );
      expect(err.retryable).toBe(false);
      expect(err.message).toContain('template');
      expect(graph.requests).toHaveLength(0);
    });

    it('treats a rejected access token as permanent and never puts the token in the message', async () => {
      const err = await rejection(makeChannel({ accessToken: 'EAAG-expired' }).send('+33612345678', { kind: 'text', text: 'hi' }));
      expect(err.retryable).toBe(false);
      expect(err.message).not.toContain('EAAG-expired');
    });

    it('treats a network failure as retryable', async () => {
      const err = await rejection(makeChannel({ apiBaseUrl: 'http://127.0.0.1:9' }).send('+33612345678', { kind: 'text', text: 'hi' }));
      expect(err.retryable).toBe(true);
    });
  });

  describe('sendReminder and the 24-hour window', () => {
    const now = new Date('2026-06-10T09:00:00Z');
    const notice = {
      subject: 'Appeler\nle dentiste',
      language: 'fr' as const,
      voice: oggVoice(),
      caption: 'Rappel : appeler le dentiste',
      buttons: [{ id: 'done:42', title: 'Fait' }],
      playButtonId: 'play:42',
    };

    it('outside the window sends the approved template with the subject and the play payload, no voice', async () => {
      const result = await channel.sendReminder('+33612345678', { ...notice, lastInboundAt: new Date(now.getTime() - 30 * HOUR) }, now);
      expect(result.via).toBe('template');
      expect(result.providerMessageId).toMatch(/^wamid\./);
      expect(graph.requests.filter((r) => r.path.endsWith('/media'))).toHaveLength(0);
      expect(graph.sentMessages()).toEqual([
        {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: '33612345678',
          type: 'template',
          template: {
            name: 'rappel_reminder',
            language: { code: 'fr' },
            components: [
              { type: 'body', parameters: [{ type: 'text', text: 'Appeler le dentiste' }] },
              { type: 'button', sub_type: 'quick_reply', index: '0', parameters: [{ type: 'payload', payload: 'play:42' }] },
            ],
          },
        },
      ]);
    });

    it('uses the English template language for English users and the template when the user never wrote', async () => {
      await channel.sendReminder('+447700900123', { ...notice, language: 'en', lastInboundAt: null }, now);
      expect(graph.sentMessages()[0].template.language).toEqual({ code: 'en_US' });
    });

    it('inside the window sends the voice note and the text with buttons', async () => {
      const result = await channel.sendReminder('+33612345678', { ...notice, lastInboundAt: new Date(now.getTime() - 2 * HOUR) }, now);
      expect(result.via).toBe('voice');
      const types = graph.sentMessages().map((b) => b.type);
      expect(types).toEqual(['audio', 'interactive']);
      expect(graph.sentMessages()[0].audio.voice).toBe(true);
    });

    it('falls back to the template when Meta says the window is closed', async () => {
      graph.failNext('/messages', 400, { code: 131047, message: 'Re-engagement message' });
      const result = await channel.sendReminder('+33612345678', { ...notice, lastInboundAt: new Date(now.getTime() - 2 * HOUR) }, now);
      expect(result.via).toBe('template');
      expect(graph.sentMessages().map((b) => b.type)).toEqual(['audio', 'template']);
    });

    it('treats the last minutes of the window as closed, since delivery can lag', async () => {
      const result = await channel.sendReminder('+33612345678', { ...notice, lastInboundAt: new Date(now.getTime() - 24 * HOUR + 5 * 60_000) }, now);
      expect(result.via).toBe('template');
    });
  });
});
