import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the parts of Stripe's API Rappel uses, speaking its wire format: bearer
 * secret key, form-encoded bodies with bracketed keys (`line_items[0][price_data][unit_amount]`),
 * JSON objects with `object` fields, Idempotency-Key replays, and Stripe's error shape
 * (`{error: {type, code, message, param}}`). Tests drive the real SDK adapter against it and
 * sign events with stripe.webhooks.generateTestHeaderString, as Stripe would.
 */
export interface StandInRequest {
  method: string;
  path: string;
  form: Record<string, any>;
  idempotencyKey?: string;
}

export class StripeStandIn {
  readonly secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  readonly webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  readonly requests: StandInRequest[] = [];
  readonly objects = new Map<string, Record<string, any>>();
  private readonly idempotent = new Map<string, Record<string, any>>();
  private server?: Server;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((r) => this.server?.close(r));
  }

  /** The environment that points the app at this stand-in. */
  env(extra: Record<string, string> = {}): Record<string, string> {
    return { STRIPE_SECRET_KEY: this.secretKey, STRIPE_WEBHOOK_SECRET: this.webhookSecret, STRIPE_PUBLISHABLE_KEY: 'pk_test_standin', STRIPE_API_BASE: this.url, ...extra };
  }

  /** An event as Stripe posts it: body and Stripe-Signature header (signed with `secret`, the right one by default). */
  event(type: string, object: Record<string, any>, opts: { id?: string; secret?: string } = {}): { body: string; signature: string; id: string } {
    const id = opts.id ?? `evt_${randomBytes(12).toString('hex')}`;
    const body = JSON.stringify({ id, object: 'event', type, api_version: Stripe.API_VERSION, created: Math.floor(Date.now() / 1000), livemode: false, data: { object } });
    return { body, id, signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret: opts.secret ?? this.webhookSecret }) };
  }

  /**
   * What Stripe does when the customer pays a subscription checkout session: a subscription, its
   * first paid invoice (with its payment intent), and the session completed.
   */
  completeSession(sessionId: string, opts: { status?: string; periodEnd?: Date } = {}): { session: Record<string, any>; subscription: Record<string, any>; invoice: Record<string, any>; paymentIntent: Record<string, any> } {
    const session = this.objects.get(sessionId)!;
    const line = session.line_items?.[0] ?? {};
    const unitAmount = Number(line.price_data?.unit_amount ?? 0);
    const interval = line.price_data?.recurring?.interval ?? 'month';
    const now = Math.floor(Date.now() / 1000);
    const end = Math.floor((opts.periodEnd?.getTime() ?? Date.now() + (interval === 'year' ? 365 : 30) * 86_400_000) / 1000);
    const subscription = this.put({
      id: this.id('sub'), object: 'subscription', customer: session.customer, status: opts.status ?? 'active', cancel_at_period_end: false, ended_at: null,
      metadata: session.subscription_data?.metadata ?? {},
      items: { object: 'list', data: [{ id: this.id('si'), object: 'subscription_item', current_period_start: now, current_period_end: end, price: { id: line.price ?? this.id('price'), object: 'price', unit_amount: unitAmount, currency: 'eur', recurring: { interval } } }] },
    });
    const invoice = this.put({
      id: this.id('in'), object: 'invoice', customer: session.customer, status: 'paid', amount_paid: unitAmount, currency: 'eur',
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id, metadata: subscription.metadata } },
    });
    const paymentIntent = this.put({ id: this.id('pi'), object: 'payment_intent', amount: unitAmount, currency: 'eur', status: 'succeeded', customer: session.customer });
    this.put({ id: this.id('inpay'), object: 'invoice_payment', invoice: invoice.id, payment: { type: 'payment_intent', payment_intent: paymentIntent.id }, status: 'paid', amount_paid: unitAmount });
    Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscription.id, invoice: invoice.id });
    return { session, subscription, invoice, paymentIntent };
  }

  put<T extends Record<string, any>>(o: T): T {
    this.objects.set(o.id, o);
    return o;
  }

  id(prefix: string): string {
    return `${prefix}_${randomBytes(10).toString('hex')}`;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? '/', 'http://x');
    const raw = req.method === 'GET' ? url.searchParams.toString() : Buffer.concat(chunks).toString('utf8');
    const form = parseForm(raw);
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    this.requests.push({ method: req.method!, path: url.pathname, form, idempotencyKey });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': this.id('req') });
      res.end(JSON.stringify(body));
    };
    const error = (status: number, type: string, message: string, code?: string, param?: string) => send(status, { error: { type, message, ...(code ? { code } : {}), ...(param ? { param } : {}) } });
    if (req.headers.authorization !== `Bearer ${this.secretKey}`) return error(401, 'invalid_request_error', 'Invalid API Key provided.');
    if (req.method === 'POST' && req.headers['content-type'] !== 'application/x-www-form-urlencoded') return error(400, 'invalid_request_error', 'Expected a form-encoded body.');
    if (idempotencyKey && req.method === 'POST' && this.idempotent.has(idempotencyKey)) return send(200, this.idempotent.get(idempotencyKey));
    const remember = (o: Record<string, any>) => {
      if (idempotencyKey) this.idempotent.set(idempotencyKey, o);
      return send(200, o);
    };
    const getById = (kind: string, id: string) => {
      const o = this.objects.get(id);
      if (!o || o.object !== kind) return error(404, 'invalid_request_error', `No such ${kind.replace('checkout.', '')}: '${id}'`, 'resource_missing', 'id');
      return send(200, o);
    };
    const p = url.pathname;
    let m: RegExpExecArray | null;
    if (req.method === 'POST' && p === '/v1/customers') {
      return remember(this.put({ id: this.id('cus'), object: 'customer', name: form.name ?? null, email: form.email ?? null, phone: form.phone ?? null, metadata: form.metadata ?? {} }));
    }
    if (req.method === 'POST' && p === '/v1/checkout/sessions') {
      if (form.mode !== 'subscription') return error(400, 'invalid_request_error', 'Invalid mode', 'parameter_invalid', 'mode');
      const line = form.line_items?.[0];
      if (!line || (!line.price && !line.price_data)) return error(400, 'invalid_request_error', 'Missing required param: line_items[0][price].', 'parameter_missing', 'line_items[0][price]');
      if (line.price_data && !line.price_data.recurring) return error(400, 'invalid_request_error', 'You must specify `recurring` in `price_data` when in `subscription` mode.', 'parameter_missing');
      if (form.customer && !this.objects.has(form.customer)) return error(400, 'invalid_request_error', `No such customer: '${form.customer}'`, 'resource_missing', 'customer');
      const embedded = form.ui_mode === 'embedded_page';
      if (embedded && !form.return_url) return error(400, 'invalid_request_error', 'Missing required param: return_url.', 'parameter_missing', 'return_url');
      const id = this.id('cs_test');
      const session = this.put({
        ...form, id, object: 'checkout.session', status: 'open', payment_status: 'unpaid', subscription: null,
        line_items: form.line_items, url: embedded ? null : `https://checkout.stripe.com/c/pay/${id}`, client_secret: embedded ? `${id}_secret_${randomBytes(6).toString('hex')}` : null,
        amount_total: Number(line.price_data?.unit_amount ?? 0), currency: line.price_data?.currency ?? 'eur',
      });
      return remember(session);
    }
    if (req.method === 'GET' && (m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(p))) return getById('checkout.session', m[1]);
    if (req.method === 'GET' && (m = /^\/v1\/subscriptions\/([^/]+)$/.exec(p))) return getById('subscription', m[1]);
    if (req.method === 'GET' && (m = /^\/v1\/invoices\/([^/]+)$/.exec(p))) return getById('invoice', m[1]);
    if (req.method === 'GET' && p === '/v1/invoice_payments') {
      const pi = form.payment?.payment_intent;
      const data = [...this.objects.values()].filter((o) => o.object === 'invoice_payment' && (!pi || o.payment.payment_intent === pi));
      return send(200, { object: 'list', url: p, has_more: false, data: data.slice(0, Number(form.limit ?? 10)) });
    }
    if (req.method === 'POST' && p === '/v1/billing_portal/sessions') {
      if (!form.customer) return error(400, 'invalid_request_error', 'Missing required param: customer.', 'parameter_missing', 'customer');
      return remember(this.put({ id: this.id('bps'), object: 'billing_portal.session', customer: form.customer, return_url: form.return_url, url: `https://billing.stripe.com/p/session/${this.id('test')}` }));
    }
    return error(404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${p}).`);
  }
}

/** Stripe's form encoding: `a[b][0][c]=v` -> {a: {b: [{c: 'v'}]}}. */
export function parseForm(raw: string): Record<string, any> {
  const out: Record<string, any> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const parts = key.replace(/\]/g, '').split('[');
    let cur: any = out;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[i + 1]);
      if (last) cur[part] = value;
      else cur = cur[part] ??= nextIsIndex ? [] : {};
    });
  }
  return out;
}
