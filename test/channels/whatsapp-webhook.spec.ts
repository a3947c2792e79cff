import { type INestApplication, Logger } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { ChannelsModule } from '../../bot/channels/channels.module';
import { INBOUND_SINK, STATUS_SINK } from '../../bot/channels/inbound-sink.port';
import { signWhatsappBody } from '../../bot/channels/whatsapp/whatsapp-signature';
import { GraphApiStandIn } from '../support/graph-api-stand-in';
import {
  buttonReplyWebhook,
  contactsWebhook,
  imageWebhook,
  statusesWebhook,
  templateButtonWebhook,
  textWebhook,
  voiceWebhook,
} from './fixtures/whatsapp-webhooks';
import { RecordingSink } from './recording-sink';

const APP_SECRET = 'a3f1c9e2b7d44e8f9a0b1c2d3e4f5a6b';
const VERIFY_TOKEN = 'rappel-verify-7d1e';

describe('WhatsApp webhook (Cloud API wire format)', () => {
  let app: INestApplication;
  let sink: RecordingSink;
  const graph = new GraphApiStandIn('EAAG-test-token', 'v23.0', '106540352242922');

  beforeAll(async () => {
    await graph.start();
  });
  afterAll(async () => {
    await graph.stop();
  });

  beforeEach(async () => {
    sink = new RecordingSink();
    graph.requests.length = 0;
    const moduleRef = await Test.createTestingModule({
      imports: [
        ChannelsModule.forRoot({
          whatsapp: {
            apiBaseUrl: graph.origin,
            apiVersion: 'v23.0',
            phoneNumberId: '106540352242922',
            accessToken: 'EAAG-test-token',
            appSecret: APP_SECRET,
            verifyToken: VERIFY_TOKEN,
            reminderTemplate: 'rappel_reminder',
          },
        }),
      ],
      providers: [
        { provide: INBOUND_SINK, useValue: sink },
        { provide: STATUS_SINK, useValue: sink },
      ],
    }).compile();
    app = moduleRef.createNestApplication({ rawBody: true, logger: false });
    await app.init();
  });
  afterEach(async () => {
    await app.close();
  });

  function post(payload: unknown, sign: (raw: string) => string | undefined = (raw) => signWhatsappBody(raw, APP_SECRET)) {
    const raw = JSON.stringify(payload);
    const req = request(app.getHttpServer()).post('/api/whatsapp/webhook').set('content-type', 'application/json');
    const signature = sign(raw);
    if (signature !== undefined) req.set('x-hub-signature-256', signature);
    return req.send(raw);
  }

  describe('verification handshake', () => {
    it('echoes the challenge as plain text when the verify token matches', async () => {
      const res = await request(app.getHttpServer())
        .get('/api/whatsapp/webhook')
        .query({ 'hub.mode': 'subscribe', 'hub.verify_token': VERIFY_TOKEN, 'hub.challenge': '1158201444' });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.text).toBe('1158201444');
    });

    it('answers 403 in the house error shape when the verify token is wrong', async () => {
      const res = await request(app.getHttpServer())
        .get('/api/whatsapp/webhook')
        .query({ 'hub.mode': 'subscribe', 'hub.verify_token': 'guess', 'hub.challenge': '1158201444' });
      expect(res.status).toBe(403);
      expect(res.text).not.toContain('1158201444');
      expect(res.body).toMatchObject({ statusCode: 403, error: 'Forbidden' });
    });

    it('answers 403 when hub.mode is not subscribe', async () => {
      const res = await request(app.getHttpServer())
        .get('/api/whatsapp/webhook')
        .query({ 'hub.mode': 'unsubscribe', 'hub.verify_token': VERIFY_TOKEN, 'hub.challenge': '1' });
      expect(res.status).toBe(403);
    });
  });

  describe('signature', () => {
    it('accepts a delivery signed with the app secret and hands the message to the sink', async () => {
      const res = await post(textWebhook());
      expect(res.status).toBe(200);
      expect(sink.calls).toEqual([
        {
          channel: 'whatsapp',
          senderId: '+33612345678',
          senderName: 'Amélie Durand',
          messageId: 'wamid.HBgLMzM2MTIzNDU2NzgVAgASGBQzQTdBQzJGRTVEMDZGNzY0MjBBQQA=',
          receivedAt: new Date(1718016000 * 1000),
          kind: 'text',
          text: 'Rappelle-moi demain à 9h',
        },
      ]);
    });

    it('rejects a wrong signature with 401 and stores nothing', async () => {
      const res = await post(textWebhook(), (raw) => signWhatsappBody(raw, 'not-the-app-secret'));
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
      expect(sink.calls).toHaveLength(0);
    });

    it('rejects a missing signature with 401 and stores nothing', async () => {
      const res = await post(textWebhook(), () => undefined);
      expect(res.status).toBe(401);
      expect(sink.calls).toHaveLength(0);
    });

    it('rejects a malformed signature header', async () => {
      const res = await post(textWebhook(), () => 'sha1=deadbeef');
      expect(res.status).toBe(401);
      expect(sink.calls).toHaveLength(0);
    });

    it('checks the exact bytes received, not a re-serialisation of them', async () => {
      const payload = textWebhook();
      const pretty = JSON.stringify(payload, null, 2);
      const compactSignature = signWhatsappBody(JSON.stringify(payload), APP_SECRET);
      const wrong = await request(app.getHttpServer())
        .post('/api/whatsapp/webhook')
        .set('content-type', 'application/json')
        .set('x-hub-signature-256', compactSignature)
        .send(pretty);
      expect(wrong.status).toBe(401);
      const right = await request(app.getHttpServer())
        .post('/api/whatsapp/webhook')
        .set('content-type', 'application/json')
        .set('x-hub-signature-256', signWhatsappBody(pretty, APP_SECRET))
        .send(pretty);
      expect(right.status).toBe(200);
      expect(sink.calls).toHaveLength(1);
    });
  });

  describe('payloads', () => {
    it('turns a voice note into a voice message carrying the media id, without downloading it', async () => {
      const res = await post(voiceWebhook('1037543291543636'));
      expect(res.status).toBe(200);
      expect(sink.calls[0]).toMatchObject({
        kind: 'voice',
        senderId: '+33612345678',
        voice: { mediaRef: '1037543291543636', mimeType: 'audio/ogg; codecs=opus' },
      });
      expect(graph.requests).toHaveLength(0);
    });

    it('turns a reply-button tap into a button message with the button id', async () => {
      await post(buttonReplyWebhook('confirm:17', 'Oui'));
      expect(sink.calls[0]).toMatchObject({ kind: 'button', buttonId: 'confirm:17', text: 'Oui' });
    });

    it("turns a template quick-reply tap into a button message with the template's payload", async () => {
      await post(templateButtonWebhook('play:42'));
      expect(sink.calls[0]).toMatchObject({
        kind: 'button',
        buttonId: 'play:42',
        senderId: '+447700900123',
        senderName: 'Oliver Smith',
      });
    });

    it('turns a shared contact card into a contact message with its phone in E.164', async () => {
      await post(contactsWebhook());
      expect(sink.calls[0]).toMatchObject({ kind: 'contact', contactPhone: '+33698765432' });
    });

    it('acknowledges message types it does not handle without passing them on', async () => {
      const res = await post(imageWebhook());
      expect(res.status).toBe(200);
      expect(sink.calls).toHaveLength(0);
    });

    it('passes status callbacks to the status sink, failures with their reason', async () => {
      const res = await post(statusesWebhook());
      expect(res.status).toBe(200);
      expect(sink.calls).toHaveLength(0);
      expect(sink.statuses.map((s) => s.status)).toEqual(['delivered', 'read', 'failed']);
      expect(sink.statuses[0]).toEqual({
        channel: 'whatsapp',
        providerMessageId: 'wamid.HBgLMzM2MTIzNDU2NzgVAgARGBI0RkI5QkM0RjNDMDc5NjM4RjkA',
        status: 'delivered',
        at: new Date(1718016300 * 1000),
        recipientId: '+33612345678',
      });
      expect(sink.statuses[2].error).toMatch(/^131047 Re-engagement message/);
    });

    it('logs a failed delivery with its recipient and reason, since Meta reports 131047 and template refusals only here', async () => {
      const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
      try {
        await post(statusesWebhook()).expect(200);
        const lines = warn.mock.calls.map((c) => String(c[0])).filter((m) => m.startsWith('WhatsApp could not deliver'));
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatch(/^WhatsApp could not deliver wamid\.HBgLMzM2MTIzNDU2NzgVAgARGBJBMDFDNDFFNTY1NzhFRTQ1MkIA to \+33612345678: 131047 Re-engagement message/);
      } finally {
        warn.mockRestore();
      }
    });

    it('ignores payloads that are not WhatsApp Business Account events', async () => {
      const res = await post({ object: 'page', entry: [{ id: '1', changes: [] }] });
      expect(res.status).toBe(200);
      expect(sink.calls).toHaveLength(0);
    });
  });

  describe('redelivery', () => {
    it('passes each redelivery to the sink with the same messageId, so the sink can dedup', async () => {
      const first = await post(textWebhook('wamid.DUPLICATE1'));
      const second = await post(textWebhook('wamid.DUPLICATE1'));
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(sink.calls.map((m) => m.messageId)).toEqual(['wamid.DUPLICATE1', 'wamid.DUPLICATE1']);
      expect(sink.accepted).toBe(1);
    });

    it('answers 5xx when the sink cannot record the message, so Meta delivers it again', async () => {
      sink.failWith = new Error('connection refused');
      const res = await post(textWebhook('wamid.RETRYME'));
      expect(res.status).toBeGreaterThanOrEqual(500);
      const again = await post(textWebhook('wamid.RETRYME'));
      expect(again.status).toBe(200);
      expect(sink.accepted).toBe(1);
    });
  });
});
