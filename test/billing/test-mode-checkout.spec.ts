import { BillingNoticesWorker } from '../../api/billing/billing-notices.worker';
import { StripeEventsWorker } from '../../api/billing/stripe-events.worker';
import { createTestApp, TestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';

/** The embedded test mode (no Stripe keys, outside production): its own checkout, Stripe's test cards, the same webhook path. */
describe.each(testDatabases())('test-mode checkout (%s database)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ db: kind });
  });
  afterAll(async () => {
    await t.close();
    await t.db.drop();
  });

  it('says it is in test mode', async () => {
    const res = await t.agent().get('/api/config/public').expect(200);
    expect(res.body).toMatchObject({ payments: 'test', stripePublishableKey: null });
  });

  it('4242 pays: events go through the webhook receiver, the user is Premium and thanked once', async () => {
    const { agent, user } = await t.registerUser({ language: 'fr' });
    const created = await agent.post('/api/create-payment-intent').send({ plan: 'premium', billingCycle: 'yearly', amount: 0.01, currency: 'eur', paymentMethod: 'card' }).expect(200);
    expect(created.body.checkoutUrl).toMatch(/^\/checkout\?test_session=cs_test_/);
    const id = created.body.sessionId;
    const summary = await agent.get(`/api/billing/test-mode/sessions/${id}`).expect(200);
    expect(summary.body).toMatchObject({ amount: 49.9, currency: 'eur', billingCycle: 'yearly', status: 'open' });
    const other = await t.registerUser();
    await other.agent.get(`/api/billing/test-mode/sessions/${id}`).expect(403);
    await other.agent.post(`/api/billing/test-mode/sessions/${id}/pay`).send({ cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' }).expect(403);
    const paid = await agent.post(`/api/billing/test-mode/sessions/${id}/pay`).send({ cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' }).expect(200);
    expect(paid.body.redirectUrl).toBe(`/payment-success?session_id=${id}&payment=success&plan=premium`);
    await agent.post(`/api/billing/test-mode/sessions/${id}/pay`).send({ cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' }).expect(409);
    await t.app.get(StripeEventsWorker).drain();
    await t.app.get(BillingNoticesWorker).drain();
    const events = await t.dataSource.query(`SELECT type, status FROM stripe_events ORDER BY type`);
    expect(events).toEqual(expect.arrayContaining([{ type: 'checkout.session.completed', status: 'done' }, { type: 'invoice.paid', status: 'done' }]));
    const ok = await agent.post('/api/confirm-payment').send({ plan: 'premium', session_id: id }).expect(200);
    expect(ok.body).toMatchObject({ success: true, plan: 'premium', billingCycle: 'yearly' });
    const sub = (await agent.get('/api/subscription')).body;
    expect(sub).toMatchObject({ plan: 'premium', paid: true, status: 'active', billingCycle: 'yearly', canManageBilling: true, cancelsAt: null });
    expect(new Date(sub.nextBillingDate).getTime()).toBeGreaterThan(Date.now() + 360 * 86_400_000);
    expect(sub.hasRunningSubscription).toBe(true);
    expect(await t.dataSource.query(`SELECT kind, status FROM billing_notices WHERE user_id = $1`, [user.id])).toEqual([{ kind: 'premium_started', status: 'sent' }]);
    // A running subscription cannot be bought twice: both payment calls answer 409 with a code.
    for (const [path, body] of [
      ['/api/create-payment-session', { planId: 'premium', billingCycle: 'monthly', amount: 4.99 }],
      ['/api/create-payment-intent', { plan: 'premium', billingCycle: 'yearly', amount: 49.9, currency: 'eur', paymentMethod: 'card' }],
    ] as const) {
      const again = await agent.post(path).send(body).expect(409);
      expect(again.body).toMatchObject({ statusCode: 409, code: 'already_subscribed', message: expect.stringContaining('Manage billing') });
    }
    // The test-mode customer portal: cancel at period end.
    expect((await agent.post('/api/billing/portal').expect(200)).body.url).toMatch(/^\/checkout\?test_portal=/);
    await agent.post('/api/billing/test-mode/portal').send({ cancelAtPeriodEnd: true }).expect(200);
    const cancelling = (await agent.get('/api/subscription')).body;
    expect(cancelling).toMatchObject({ plan: 'premium', nextBillingDate: null });
    expect(cancelling.cancelsAt).toBe(sub.nextBillingDate);
    // Cancelling at period end still leaves it running until then: no second subscription meanwhile.
    await agent.post('/api/create-payment-session').send({ planId: 'premium', billingCycle: 'monthly' }).expect(409);
    // Once its period is over it is no longer running, and a new one may start. (The cancel's own
    // webhook event is handled first: handled after the UPDATE, it would put its period end back.)
    await t.app.get(StripeEventsWorker).drain();
    await t.dataSource.query(`UPDATE subscriptions SET current_period_end = now() - interval '1 day' WHERE user_id = $1`, [user.id]);
    expect((await agent.get('/api/subscription')).body.hasRunningSubscription).toBe(false);
    await agent.post('/api/create-payment-session').send({ planId: 'premium', billingCycle: 'monthly' }).expect(200);
  });

  it('declines 4000 0000 0000 0002 and refuses numbers that are not test cards', async () => {
    const { agent } = await t.registerUser();
    const id = (await agent.post('/api/create-payment-session').send({ planId: 'premium', billingCycle: 'monthly', amount: 0.01 }).expect(200)).body.sessionId;
    const declined = await agent.post(`/api/billing/test-mode/sessions/${id}/pay`).send({ cardNumber: '4000 0000 0000 0002', expiry: '12/40', cvc: '123' }).expect(402);
    expect(declined.body).toMatchObject({ statusCode: 402, message: 'Your card was declined.', code: 'card_declined', declineCode: 'generic_decline' });
    await agent.post(`/api/billing/test-mode/sessions/${id}/pay`).send({ cardNumber: '4111 1111 1111 1112', expiry: '12/40', cvc: '123' }).expect(400);
    await agent.post(`/api/billing/test-mode/sessions/${id}/pay`).send({ cardNumber: '4242 4242 4242 4242', expiry: '01/20', cvc: '123' }).expect(400);
    expect((await agent.get('/api/subscription')).body).toMatchObject({ paid: false, hasRunningSubscription: false });
    // A declined payment started nothing: the user may try again.
    await agent.post('/api/create-payment-session').send({ planId: 'premium', billingCycle: 'monthly' }).expect(200);
    const pending = await agent.post('/api/confirm-payment').send({ session_id: id });
    expect(pending.status).toBe(409);
  });

  it('a forged event is refused by the webhook in test mode too', async () => {
    await t.agent().post('/api/stripe/webhook').set('content-type', 'application/json').set('stripe-signature', 't=1,v1=abc').send('{"id":"evt_x","type":"invoice.paid","data":{"object":{}}}').expect(400);
  });
});

describe('payments off (production without Stripe keys)', () => {
  it('answers 503 and says so in the public config', async () => {
    const { loadConfig } = await import('../../api/config/app-config');
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: '/tmp/x' });
    expect(config.payments.mode).toBe('off');
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: '/tmp/x' }).payments.mode).toBe('test');
    expect(loadConfig({ NODE_ENV: 'production', DATA_DIR: '/tmp/x', STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_BASE: 'http://127.0.0.1:12111' }).payments).toMatchObject({
      mode: 'stripe',
      stripe: { apiBase: { host: '127.0.0.1', port: 12111, protocol: 'http' } },
    });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', DATA_DIR: '/tmp/x' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });
});
