import { BillingNotices } from '../../api/billing/billing-notices';
import { BillingNoticesWorker } from '../../api/billing/billing-notices.worker';
import { MessageLogService } from '../../api/live/message-log.service';
import { APPROVED_TEMPLATES } from '../channels/fixtures/whatsapp-templates';
import { GraphApiStandIn } from '../support/graph-api-stand-in';
import { createTestApp, TestApp } from '../support/test-app';

const TOKEN = 'EAAG-billing-token';
const VERSION = 'v21.0';
const PHONE_ID = '106540352242977';

/**
 * The bot's billing notices through the real app to WhatsApp users: free-form inside the 24 h
 * window, the approved rappel_premium / rappel_renewal templates outside it, against a Graph API
 * stand-in that accepts only approved templates and counts free-form texts sent to a closed window.
 */
describe('billing notices on WhatsApp', () => {
  let t: TestApp;
  let graph: GraphApiStandIn;

  beforeAll(async () => {
    graph = new GraphApiStandIn(TOKEN, VERSION, PHONE_ID);
    await graph.start();
    for (const template of APPROVED_TEMPLATES) graph.approveTemplate(template);
    graph.enforceWindows();
    t = await createTestApp({ db: 'embedded', env: { PUBLIC_URL: 'https://rappel.test', ...graph.appEnv() } });
  });
  afterAll(async () => {
    await t?.close();
    await t?.db.drop();
    await graph?.stop();
  });

  const waId = (phone: string) => phone.replace('+', '');

  async function subscriber(phoneNumber: string, language: 'fr' | 'en', hoursSinceLastMessage: number, periodEnd: Date) {
    const { user } = await t.registerUser({ phoneNumber, language });
    await t.dataSource.query(`UPDATE users SET phone_verified_at = now(), timezone = 'Europe/Paris' WHERE id = $1`, [user.id]);
    const row = await t.app.get(MessageLogService).record({ userId: user.id, channel: 'whatsapp', peerId: phoneNumber, direction: 'incoming', messageType: 'text', text: 'Salut' });
    await t.dataSource.query(`UPDATE message_log SET created_at = now() - make_interval(hours => $2) WHERE id = $1`, [row.id, hoursSinceLastMessage]);
    await t.dataSource.query(
      `INSERT INTO subscriptions (user_id, customer_id, subscription_id, status, billing_cycle, current_period_end) VALUES ($1, $2, $3, 'active', 'yearly', $4)`,
      [user.id, `cus_${user.id}`, `sub_${user.id}`, periodEnd],
    );
    return user;
  }

  it('outside the window: the renewal notice and the thank-you go as their approved templates', async () => {
    const end = new Date('2030-01-01T00:00:00Z');
    const renewsAt = new Date(Date.now() + 5 * 86_400_000);
    const fr = await subscriber('+33612880001', 'fr', 30, renewsAt);
    const en = await subscriber('+33612880002', 'en', 30, end);
    const worker = t.app.get(BillingNoticesWorker);
    await worker.enqueueCheck(Date.now());
    await t.app.get(BillingNotices).premiumStarted(en.id, `sub_${en.id}`);
    await worker.drain();

    const [renewal] = graph.sentMessages().filter((m) => m.to === waId(fr.phoneNumber));
    expect(renewal.type).toBe('template');
    expect(renewal.template.name).toBe('rappel_renewal');
    expect(renewal.template.language).toEqual({ code: 'fr' });
    const [date, amount] = renewal.template.components[0].parameters.map((p: { text: string }) => p.text);
    expect(amount).toBe('49,90 EUR');
    expect(date).toMatch(/^\d{1,2} [a-zéû]+ \d{4}$/);
    const [thanks] = graph.sentMessages().filter((m) => m.to === waId(en.phoneNumber));
    expect(thanks.template).toEqual({ name: 'rappel_premium', language: { code: 'en_US' }, components: [{ type: 'body', parameters: [{ type: 'text', text: '1 January 2030' }] }] });
    expect(graph.deliveredTemplates().map((d) => d.text)).toEqual(
      expect.arrayContaining([
        `Un rappel de Rappel : votre abonnement Premium annuel sera renouvelé le ${date} (49,90 EUR). Pour le modifier ou l'annuler, ouvrez « Gérer la facturation » dans l'onglet Abonnement de votre compte.`,
        'Thank you! Your Rappel Premium subscription is active: unlimited reminders and priority support right here. Next renewal: 1 January 2030.',
      ]),
    );
    expect(graph.windowViolations()).toEqual([]);
    const notices = await t.dataSource.query(`SELECT kind, status FROM billing_notices WHERE user_id IN ($1, $2) ORDER BY kind`, [fr.id, en.id]);
    expect(notices).toEqual([{ kind: 'premium_started', status: 'sent' }, { kind: 'renewal', status: 'sent' }]);
  });

  it('inside the window: the usual free-form text', async () => {
    const user = await subscriber('+33612880003', 'en', 2, new Date('2030-02-01T00:00:00Z'));
    graph.openWindow(waId(user.phoneNumber));
    await t.app.get(BillingNotices).premiumStarted(user.id, `sub_${user.id}`);
    await t.app.get(BillingNoticesWorker).drain();
    const [sent] = graph.sentMessages().filter((m) => m.to === waId(user.phoneNumber));
    expect(sent.type).toBe('text');
    expect(sent.text.body).toBe('Thank you! Your Rappel Premium (yearly) is active: unlimited reminders and priority support right here. Next renewal: 1 February 2030.');
    expect(graph.windowViolations()).toEqual([]);
  });
});
