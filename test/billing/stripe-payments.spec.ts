import request from 'supertest';
import { StripeEventsWorker } from '../../api/billing/stripe-events.worker';
import { BillingNoticesWorker, RENEWAL_CHECK_JOB } from '../../api/billing/billing-notices.worker';
import { USER_MESSENGER, UserMessenger } from '../../api/messaging/user-messenger.port';
import { StripeStandIn } from '../support/stripe-stand-in';
import { createTestApp, TestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';

/**
 * Contract tests of the Stripe adapter through the real `stripe` SDK against a local stand-in
 * speaking Stripe's wire format, with events signed like Stripe signs them.
 */
describe.each(testDatabases())('Stripe payments (%s database)', (kind) => {
  let stripe: StripeStandIn;
  let t: TestApp;
  let admin: ReturnType<typeof request.agent>;

  beforeAll(async () => {
    stripe = await new StripeStandIn().start();
    t = await createTestApp({ db: kind, env: stripe.env({ PUBLIC_URL: 'https://rappel.example' }) });
    const a = await t.registerUser();
    await t.dataSource.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [a.user.id]);
    // A change of role ends the account's sessions (users role trigger): sign in again as admin.
    await a.agent.post('/api/login').send({ username: a.user.phoneNumber, password: a.password }).expect(200);
    admin = a.agent;
  });
  afterAll(async () => {
    await t.close();
    await t.db.drop();
    await stripe.stop();
  });

  const drain = async () => {
    await t.app.get(StripeEventsWorker).drain();
    await t.app.get(BillingNoticesWorker).drain();
  };
  const post = (e: { body: string; signature?: string }) => {
    const r = t.agent().post('/api/stripe/webhook').set('content-type', 'application/json');
    return (e.signature ? r.set('stripe-signature', e.signature) : r).send(e.body);
  };
  const lastSessionRequest = () => [...stripe.requests].reverse().find((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions')!;

  async function checkout(agent: ReturnType<typeof request.agent>, billingCycle: 'monthly' | 'yearly' = 'monthly') {
    const res = await agent.post('/api/create-payment-session').send({ planId: 'premium', billingCycle, amount: 0.01 }).expect(200);
    return stripe.objects.get(res.body.sessionId)!;
  }

  it('prices from the server table whatever amount the browser sends, with one customer per user', async () => {
    const { agent, user } = await t.registerUser();
    const res = await agent.post('/api/create-payment-session').send({ planId: 'premium', billingCycle: 'monthly', amount: 0.01 }).expect(200);
    expect(res.body.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const monthly = lastSessionRequest().form;
    expect(monthly).toMatchObject({
      mode: 'subscription',
      ui_mode: 'hosted_page',
      client_reference_id: String(user.id),
      metadata: { userId: String(user.id), plan: 'premium', billingCycle: 'monthly' },
      line_items: [{ quantity: '1', price_data: { currency: 'eur', unit_amount: '499', recurring: { interval: 'month' } } }],
      success_url: 'https://rappel.example/payment-success?session_id={CHECKOUT_SESSION_ID}&payment=success&plan=premium',
    });
    await agent.post('/api/create-payment-session').send({ planId: 'premium', billingCycle: 'yearly', amount: '0.01' }).expect(200);
    const yearly = lastSessionRequest().form;
    expect(yearly.line_items[0].price_data).toMatchObject({ unit_amount: '4990', recurring: { interval: 'year' } });
    expect(yearly.customer).toBe(monthly.customer);
    expect(stripe.requests.filter((r) => r.path === '/v1/customers' && r.form.metadata?.userId === String(user.id))).toHaveLength(1);
  });

  it('refuses an unknown plan or cycle with a 400 and another currency', async () => {
    const { agent } = await t.registerUser();
    const plan = await agent.post('/api/create-payment-session').send({ planId: 'gold', billingCycle: 'monthly' }).expect(400);
    expect(plan.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(plan.body.message).toMatch(/Unknown plan/);
    await agent.post('/api/create-payment-session').send({ planId: 'premium', billingCycle: 'weekly' }).expect(400);
    await agent.post('/api/create-payment-intent').send({ plan: 'premium', currency: 'usd', amount: 4.99 }).expect(400);
    await t.agent().post('/api/create-payment-session').send({ planId: 'premium', billingCycle: 'monthly' }).expect(401);
  });

  it('create-payment-intent opens an Embedded Checkout session and answers its client secret', async () => {
    const { agent } = await t.registerUser();
    const res = await agent.post('/api/create-payment-intent').send({ amount: 0.01, plan: 'premium', billingCycle: 'yearly', currency: 'eur', paymentMethod: 'card' }).expect(200);
    expect(res.body.clientSecret).toMatch(/_secret_/);
    expect(lastSessionRequest().form).toMatchObject({ ui_mode: 'embedded_page', return_url: expect.stringContaining('/payment-success?session_id={CHECKOUT_SESSION_ID}') });
    expect(lastSessionRequest().form.line_items[0].price_data.unit_amount).toBe('4990');
  });

  it('refuses forged and missing signatures with a 400 and stores nothing', async () => {
    const before = (await t.dataSource.query(`SELECT count(*)::int AS n FROM stripe_events`))[0].n;
    const forged = stripe.event('invoice.paid', { id: 'in_forged' }, { secret: 'whsec_not_the_right_one' });
    expect((await post(forged)).status).toBe(400);
    expect((await post({ body: forged.body })).status).toBe(400);
    const tampered = stripe.event('invoice.paid', { id: 'in_x', amount_paid: 499 });
    expect((await post({ body: tampered.body.replace('499', '1'), signature: tampered.signature })).status).toBe(400);
    expect((await t.dataSource.query(`SELECT count(*)::int AS n FROM stripe_events`))[0].n).toBe(before);
  });

  it('is out-of-order safe: subscription.updated before checkout.session.completed ends Premium, once', async () => {
    const { agent, user } = await t.registerUser({ language: 'en' });
    const session = await checkout(agent);
    const { subscription } = stripe.completeSession(session.id);
    // The subscription's update (here: already set to cancel at period end) arrives first...
    subscription.cancel_at_period_end = true;
    expect((await post(stripe.event('customer.subscription.updated', { ...subscription, cancel_at_period_end: false }))).status).toBe(200);
    await drain();
    // ... then the older checkout completion: the state read from Stripe wins, not the payloads.
    const completed = stripe.event('checkout.session.completed', { id: session.id });
    expect((await post(completed)).body).toEqual({ received: true, duplicate: false });
    expect((await post(completed)).body).toEqual({ received: true, duplicate: true });
    await drain();
    const sub = (await agent.get('/api/subscription').expect(200)).body;
    expect(sub).toMatchObject({ plan: 'premium', status: 'active', paid: true, isOnTrial: false, billingCycle: 'monthly', subscriptionStatus: 'active', nextBillingDate: null, canManageBilling: true });
    expect(new Date(sub.cancelsAt).getTime()).toBe(subscription.items.data[0].current_period_end * 1000);
    expect((await t.dataSource.query(`SELECT count(*)::int AS n FROM stripe_events WHERE id = $1`, [completed.id]))[0].n).toBe(1);
    const notices = await t.dataSource.query(`SELECT kind, status FROM billing_notices WHERE user_id = $1`, [user.id]);
    expect(notices).toEqual([{ kind: 'premium_started', status: 'sent' }]);
  });

  it('confirm-payment verifies the session is paid and the caller\'s; 401 signed out', async () => {
    const alice = await t.registerUser();
    const bob = await t.registerUser();
    const session = await checkout(alice.agent, 'yearly');
    const pending = await alice.agent.post('/api/confirm-payment').send({ plan: 'premium', session_id: session.id });
    expect(pending.status).toBe(409);
    expect(pending.body.message).toMatch(/still being processed/);
    stripe.completeSession(session.id);
    const stolen = await bob.agent.post('/api/confirm-payment').send({ plan: 'premium', session_id: session.id });
    expect(stolen.status).toBe(403);
    expect((await bob.agent.get('/api/subscription')).body.paid).toBe(false);
    await t.agent().post('/api/confirm-payment').send({ plan: 'premium', session_id: session.id }).expect(401);
    const ok = await alice.agent.post('/api/confirm-payment').send({ plan: 'premium', session_id: session.id }).expect(200);
    expect(ok.body).toMatchObject({ success: true, plan: 'premium', billingCycle: 'yearly', status: 'active' });
    // The webhook arriving afterwards changes nothing and thanks nobody twice.
    await post(stripe.event('checkout.session.completed', { id: session.id }));
    await drain();
    expect((await t.dataSource.query(`SELECT count(*)::int AS n FROM billing_notices WHERE user_id = $1`, [alice.user.id]))[0].n).toBe(1);
    expect((await alice.agent.get('/api/plan-debug').expect(200)).body.plan).toBe('premium');
  });

  it('past_due keeps Premium for 3 days; cancelled falls back to Basic', async () => {
    const { agent, user } = await t.registerUser();
    await t.dataSource.query(`UPDATE users SET trial_ends_at = now() - interval '1 day' WHERE id = $1`, [user.id]);
    const session = await checkout(agent);
    const { subscription } = stripe.completeSession(session.id);
    await agent.post('/api/confirm-payment').send({ session_id: session.id }).expect(200);
    subscription.status = 'past_due';
    await post(stripe.event('invoice.payment_failed', { id: 'in_irrelevant_payload', subscription: subscription.id }));
    await post(stripe.event('customer.subscription.updated', { id: subscription.id }));
    await drain();
    const pd = (await agent.get('/api/subscription')).body;
    expect(pd.plan).toBe('premium');
    const graceEnd = new Date(pd.subscriptionEndsAt).getTime();
    expect(graceEnd).toBeGreaterThan(Date.now() + 2.9 * 86_400_000);
    expect(graceEnd).toBeLessThan(Date.now() + 3.1 * 86_400_000);
    Object.assign(subscription, { status: 'canceled', ended_at: Math.floor(Date.now() / 1000) - 1 });
    await post(stripe.event('customer.subscription.deleted', { id: subscription.id }));
    await drain();
    const after = (await agent.get('/api/subscription')).body;
    expect(after).toMatchObject({ plan: 'basic', paid: false, quota: { limit: 5 } });
  });

  it('the customer portal opens for a subscriber only', async () => {
    const { agent } = await t.registerUser();
    await agent.post('/api/billing/portal').expect(404);
    const session = await checkout(agent);
    stripe.completeSession(session.id);
    await agent.post('/api/confirm-payment').send({ session_id: session.id }).expect(200);
    const res = await agent.post('/api/billing/portal').expect(200);
    expect(res.body.url).toMatch(/^https:\/\/billing\.stripe\.com\//);
    expect([...stripe.requests].reverse().find((r) => r.path === '/v1/billing_portal/sessions')!.form.return_url).toBe('https://rappel.example/dashboard?tab=subscription');
  });

  it('a referred user earns the partner 20 % of each paid invoice, once; a refund cancels it', async () => {
    const created = await admin.post('/api/admin/referral/partners').send({ name: 'Agence Sud', email: 'sud@example.com', phoneNumber: null, referralCode: 'sud123', active: true }).expect(201);
    expect(created.body).toMatchObject({ referralCode: 'SUD123', active: true, referralCount: 0, totalCommissions: 0, pendingCommissions: 0 });
    const agent = t.agent();
    const reg = await agent.post('/api/register').send({ phoneNumber: `+33612${String(Date.now() % 1_000_000).padStart(6, '0')}`, password: 'correct horse 42', countryCode: '+33', referredBy: 'sud123' }).expect(201);
    const session = await checkout(agent, 'yearly');
    const { invoice, paymentIntent } = stripe.completeSession(session.id);
    // The invoice event claims a different amount: the amount read from Stripe counts.
    const paid = stripe.event('invoice.paid', { ...invoice, amount_paid: 1 });
    await post(paid);
    await post(paid);
    await post(stripe.event('invoice.payment_succeeded', { id: invoice.id }));
    await drain();
    let commissions = (await admin.get('/api/admin/referral/commissions').expect(200)).body.filter((c: any) => c.partnerId === created.body.id);
    expect(commissions).toHaveLength(1);
    expect(commissions[0]).toMatchObject({ partnerName: 'Agence Sud', userId: reg.body.id, amount: '9.98', status: 'pending', planType: 'yearly' });
    let partner = (await admin.get('/api/admin/referral/partners').expect(200)).body.find((p: any) => p.id === created.body.id);
    expect(partner).toMatchObject({ referralCount: 1, totalCommissions: 9.98, pendingCommissions: 9.98 });
    const charge = { id: stripe.id('ch'), object: 'charge', payment_intent: paymentIntent.id, amount: 4990, amount_refunded: 4990, refunded: true };
    await post(stripe.event('charge.refunded', charge));
    await drain();
    commissions = (await admin.get('/api/admin/referral/commissions')).body.filter((c: any) => c.partnerId === created.body.id);
    expect(commissions[0].status).toBe('cancelled');
    partner = (await admin.get('/api/admin/referral/partners')).body.find((p: any) => p.id === created.body.id);
    expect(partner).toMatchObject({ referralCount: 1, totalCommissions: 0, pendingCommissions: 0 });
  });

  it('a refund after the commission was paid out leaves the payout as it was and adds a negative adjustment; partial refunds take back their share once', async () => {
    const created = await admin.post('/api/admin/referral/partners').send({ name: 'Agence Nord', email: 'nord@example.com', phoneNumber: null, referralCode: 'nord42', active: true }).expect(201);
    const agent = t.agent();
    await agent.post('/api/register').send({ phoneNumber: `+33613${String(Date.now() % 1_000_000).padStart(6, '0')}`, password: 'correct horse 42', countryCode: '+33', referredBy: 'nord42' }).expect(201);
    const session = await checkout(agent, 'yearly');
    const { invoice, paymentIntent } = stripe.completeSession(session.id);
    await post(stripe.event('invoice.paid', invoice));
    await drain();
    const mine = async () => (await admin.get('/api/admin/referral/commissions').expect(200)).body.filter((c: any) => c.partnerId === created.body.id).sort((a: any, b: any) => a.id - b.id);
    const partner = async () => (await admin.get('/api/admin/referral/partners').expect(200)).body.find((p: any) => p.id === created.body.id);
    const [first] = await mine();
    expect(first).toMatchObject({ amount: '9.98', status: 'pending' });
    await admin.patch(`/api/admin/referral/commissions/${first.id}`).send({ status: 'paid' }).expect(200);
    // Half the invoice is refunded, and Stripe delivers the event twice: half the commission is taken back, once.
    const halfRefunded = { id: stripe.id('ch'), object: 'charge', payment_intent: paymentIntent.id, amount: 4990, amount_refunded: 2495, refunded: false };
    await post(stripe.event('charge.refunded', halfRefunded));
    await post(stripe.event('charge.refunded', halfRefunded));
    await drain();
    let rows = await mine();
    expect(rows.map((c: any) => [c.amount, c.status])).toEqual([['9.98', 'paid'], ['-4.99', 'pending']]);
    expect(await partner()).toMatchObject({ totalCommissions: 4.99, pendingCommissions: -4.99 });
    // Then the rest: the other half comes back too; what was paid out stays paid.
    await post(stripe.event('charge.refunded', { id: stripe.id('ch'), object: 'charge', payment_intent: paymentIntent.id, amount: 4990, amount_refunded: 4990, refunded: true }));
    await drain();
    rows = await mine();
    expect(rows.map((c: any) => [c.amount, c.status])).toEqual([['9.98', 'paid'], ['-4.99', 'pending'], ['-4.99', 'pending']]);
    expect(await partner()).toMatchObject({ totalCommissions: 0, pendingCommissions: -9.98 });
  });

  it('sends the yearly renewal notice once per renewal, however many checks run, as a job kind on the runner', async () => {
    const spy = jest.spyOn(t.app.get<UserMessenger>(USER_MESSENGER), 'sendText');
    const { agent, user } = await t.registerUser();
    const session = await checkout(agent, 'yearly');
    stripe.completeSession(session.id, { periodEnd: new Date(Date.now() + 5 * 86_400_000) });
    await agent.post('/api/confirm-payment').send({ session_id: session.id }).expect(200);
    const worker = t.app.get(BillingNoticesWorker);
    // Several instances enqueue the same hour's check: one job (the key), run by one of them. They
    // enqueue it ahead of its time, as the worker does for the next slot; enqueued as already due,
    // the runner could claim and finish the first before the others arrive (the key only holds
    // while a job is open), which made this test fail on a busy machine.
    const at = Date.now() + 60_000;
    const ids = await Promise.all([worker.enqueueCheck(at), worker.enqueueCheck(at), worker.enqueueCheck(at)]);
    expect(ids.filter(Boolean)).toHaveLength(1);
    await t.dataSource.query(`UPDATE jobs SET next_attempt_at = now() WHERE kind = $1 AND status = 'pending'`, [RENEWAL_CHECK_JOB]);
    await drain();
    // A later check (the next hour slot) finds the same renewal and claims nothing new.
    expect(await worker.enqueueCheck(at - (at % 3600_000) + 3600_000)).not.toBeNull();
    await t.dataSource.query(`UPDATE jobs SET next_attempt_at = now() WHERE kind = $1 AND status = 'pending'`, [RENEWAL_CHECK_JOB]);
    await drain();
    const checks = await t.dataSource.query(`SELECT status, attempts FROM jobs WHERE kind = $1 ORDER BY id`, [RENEWAL_CHECK_JOB]);
    expect(checks).toEqual([{ status: 'done', attempts: 1 }, { status: 'done', attempts: 1 }]);
    const rows = await t.dataSource.query(`SELECT kind, status FROM billing_notices WHERE user_id = $1 ORDER BY id`, [user.id]);
    expect(rows).toEqual([{ kind: 'premium_started', status: 'sent' }, { kind: 'renewal', status: 'sent' }]);
    // Each goes with its purpose, so WhatsApp users outside the 24 h window get the approved template.
    const purposes = spy.mock.calls.filter((c) => c[0].id === user.id).map((c) => c[2]);
    spy.mockRestore();
    expect(purposes).toEqual([
      { purpose: 'premium-started', renewsOn: expect.stringMatching(/^\d{1,2} \S+ \d{4}$/) },
      { purpose: 'renewal', renewsOn: expect.stringMatching(/^\d{1,2} \S+ \d{4}$/), amount: expect.stringMatching(/^49[.,]90 EUR$/) },
    ]);
  });

  it('retries a billing notice whose send failed, instead of only recording the failure', async () => {
    const messenger = t.app.get<UserMessenger>(USER_MESSENGER);
    const spy = jest.spyOn(messenger, 'sendText').mockRejectedValueOnce(new Error('WhatsApp refused it'));
    try {
      const { agent, user } = await t.registerUser();
      const session = await checkout(agent, 'monthly');
      stripe.completeSession(session.id);
      await agent.post('/api/confirm-payment').send({ session_id: session.id }).expect(200);
      await drain();
      const failed = await t.dataSource.query(`SELECT id, status, last_error FROM billing_notices WHERE user_id = $1`, [user.id]);
      expect(failed).toEqual([{ id: expect.anything(), status: 'failed', last_error: 'WhatsApp refused it' }]);
      // The job is still open, waiting for its backoff; bring its retry forward.
      const [job] = await t.dataSource.query(`SELECT status, attempts FROM jobs WHERE kind = 'billing-notice' AND key = $1`, [`notice-${failed[0].id}`]);
      expect(job).toEqual({ status: 'pending', attempts: 1 });
      await t.dataSource.query(`UPDATE jobs SET next_attempt_at = now() WHERE kind = 'billing-notice' AND key = $1`, [`notice-${failed[0].id}`]);
      const deadline = Date.now() + 10_000;
      let status = 'failed';
      while (status !== 'sent' && Date.now() < deadline) {
        t.app.get(BillingNoticesWorker).noticeRunner.kick();
        await new Promise((r) => setTimeout(r, 100));
        status = (await t.dataSource.query(`SELECT status FROM billing_notices WHERE id = $1`, [failed[0].id]))[0].status;
      }
      expect(status).toBe('sent');
      expect(spy.mock.calls.filter((c) => c[0].id === user.id)).toHaveLength(2);
    } finally {
      spy.mockRestore();
    }
  });
});
