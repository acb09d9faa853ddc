import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { escapeHtml } from '../../shared/html.js';

/**
 * A local server that speaks the part of Stripe's API the app uses (prices by lookup key, customers,
 * Checkout Sessions, Customer Portal sessions, invoices, subscriptions), with a checkout page that "pays" and
 * a portal page that cancels, each then posting signed webhooks as Stripe would
 * (stripe.webhooks.generateTestHeaderString, with the endpoint's secret). Tests drive renewals, failed
 * payments and recoveries through its methods. Nothing is charged; its state lives in memory.
 */

export const STAND_IN_KEY = 'sk_test_stand_in';
export const STAND_IN_WEBHOOK_SECRET = 'whsec_stand_in';

type Interval = 'month' | 'year';
interface Price {
  id: string;
  object: 'price';
  lookup_key: string;
  unit_amount: number;
  currency: 'usd';
  active: true;
  recurring: { interval: Interval; interval_count: 1 };
}
interface Session {
  id: string;
  object: 'checkout.session';
  mode: string;
  customer: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  subscription: string | null;
  status: 'open' | 'complete';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  url: string;
  success_url: string;
  cancel_url: string;
  price: string;
  trial_period_days: number | null;
  subscription_metadata: Record<string, string>;
}
interface Subscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid';
  cancel_at_period_end: boolean;
  metadata: Record<string, string>;
  trial_end: number | null;
  items: {
    object: 'list';
    data: { id: string; price: Price; quantity: 1; current_period_start: number; current_period_end: number }[];
  };
}
interface Invoice {
  id: string;
  object: 'invoice';
  customer: string;
  created: number;
  amount_due: number;
  amount_paid: number;
  currency: 'usd';
  status: 'paid' | 'open';
  invoice_pdf: string;
  hosted_invoice_url: string;
  parent: { type: 'subscription_details'; subscription_details: { subscription: string } };
}
export interface StandInEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  data: { object: unknown };
}
/** Hands a webhook to the app: the raw payload and its Stripe-Signature header; resolves the HTTP status. */
export type Deliver = (payload: string, signature: string) => Promise<number>;

const now = () => Math.floor(Date.now() / 1000);
const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const list = <T>(data: T[], url: string) => ({ object: 'list', data, has_more: false, url });

/** Stripe's form encoding (`a[b][0][c]=v`) back into objects and arrays. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = [...key.matchAll(/([^[\]]+)|\[([^\]]*)\]/g)].map((m) => m[1] ?? m[2] ?? '');
    let node: Record<string, unknown> = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  const arrays = (v: unknown): unknown => {
    if (!v || typeof v !== 'object') return v;
    const entries = Object.entries(v).map(([k, x]) => [k, arrays(x)] as const);
    return entries.length && entries.every(([k]) => /^\d+$/.test(k))
      ? entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, x]) => x)
      : Object.fromEntries(entries);
  };
  return arrays(root) as Record<string, unknown>;
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
function html(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html lang="en"><head><title>Stripe stand-in</title></head><body>${body}</body></html>`);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Starts the stand-in on loopback. `prices` are the four lookup keys' amounts in cents; `deliver` posts a
 * webhook to the app (set later with `setDeliver` when the app starts after the stand-in).
 */
export async function startStripeStandIn(opts: { prices: Record<string, number>; deliver?: Deliver }) {
  const sdk = new Stripe(STAND_IN_KEY);
  let deliver = opts.deliver;
  const prices = new Map<string, Price>();
  for (const [lookupKey, amount] of Object.entries(opts.prices)) {
    prices.set(lookupKey, {
      id: `price_${lookupKey}`,
      object: 'price',
      lookup_key: lookupKey,
      unit_amount: amount,
      currency: 'usd',
      active: true,
      recurring: { interval: lookupKey.endsWith('yearly') ? 'year' : 'month', interval_count: 1 },
    });
  }
  const customers = new Map<string, { id: string; object: 'customer'; email: string | null; metadata: object }>();
  const sessions = new Map<string, Session>();
  const subscriptions = new Map<string, Subscription>();
  const invoices: Invoice[] = [];
  const events: StandInEvent[] = [];
  /** Every request to the API, for tests that check what the app asked for. */
  const requests: { method: string; path: string; body: Record<string, unknown> }[] = [];

  let base = '';

  function sign(payload: string) {
    return sdk.webhooks.generateTestHeaderString({ payload, secret: STAND_IN_WEBHOOK_SECRET });
  }

  /** Records an event and delivers it (a snapshot of the object as it is now, as Stripe sends). */
  async function emit(type: string, object: unknown): Promise<StandInEvent> {
    const event: StandInEvent = {
      id: id('evt'),
      object: 'event',
      type,
      created: now(),
      data: { object: structuredClone(object) },
    };
    events.push(event);
    await send(event);
    return event;
  }
  async function send(event: StandInEvent, signature?: string): Promise<number> {
    if (!deliver) throw new Error('The stand-in has nowhere to deliver webhooks');
    const payload = JSON.stringify(event);
    return deliver(payload, signature ?? sign(payload));
  }

  function invoiceFor(sub: Subscription, status: 'paid' | 'open'): Invoice {
    const amount = sub.items.data[0]!.price.unit_amount;
    const invoiceId = id('in');
    const invoice: Invoice = {
      id: invoiceId,
      object: 'invoice',
      customer: sub.customer,
      created: now(),
      amount_due: amount,
      amount_paid: status === 'paid' ? amount : 0,
      currency: 'usd',
      status,
      invoice_pdf: `${base}/invoices/${invoiceId}.pdf`,
      hosted_invoice_url: `${base}/invoices/${invoiceId}`,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id } },
    };
    invoices.push(invoice);
    return invoice;
  }

  function subscription(subId: string): Subscription {
    const sub = subscriptions.get(subId);
    if (!sub) throw new Error(`No subscription ${subId}`);
    return sub;
  }
  const periodAfter = (start: number, interval: Interval) => start + (interval === 'year' ? 365 : 30) * 86_400;

  /** The checkout page's "Pay": the subscription starts (trialing with a trial), then the webhooks. */
  async function pay(session: Session): Promise<Subscription> {
    const price = prices.get(session.price.replace(/^price_/, ''))!;
    const start = now();
    const trialEnd = session.trial_period_days ? start + session.trial_period_days * 86_400 : null;
    const sub: Subscription = {
      id: id('sub'),
      object: 'subscription',
      customer: session.customer,
      status: trialEnd ? 'trialing' : 'active',
      cancel_at_period_end: false,
      metadata: session.subscription_metadata,
      trial_end: trialEnd,
      items: {
        object: 'list',
        data: [
          {
            id: id('si'),
            price,
            quantity: 1,
            current_period_start: start,
            current_period_end: trialEnd ?? periodAfter(start, price.recurring.interval),
          },
        ],
      },
    };
    subscriptions.set(sub.id, sub);
    Object.assign(session, {
      status: 'complete',
      payment_status: trialEnd ? 'no_payment_required' : 'paid',
      subscription: sub.id,
    });
    const invoice = trialEnd ? null : invoiceFor(sub, 'paid');
    await emit('checkout.session.completed', session);
    await emit('customer.subscription.created', sub);
    if (invoice) await emit('invoice.paid', invoice);
    return sub;
  }

  async function api(req: IncomingMessage, res: ServerResponse, url: URL) {
    if (req.headers.authorization !== `Bearer ${STAND_IN_KEY}`) {
      return json(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    const body = parseStripeForm(req.method === 'GET' ? url.search.slice(1) : await readBody(req));
    const path = url.pathname;
    requests.push({ method: req.method!, path, body });
    const missing = (what: string) =>
      json(res, 404, {
        error: { type: 'invalid_request_error', message: `No such ${what}`, code: 'resource_missing' },
      });
    let m: RegExpMatchArray | null;

    if (req.method === 'GET' && path === '/v1/prices') {
      const keys = (body.lookup_keys as string[] | undefined) ?? [];
      return json(
        res,
        200,
        list(
          [...prices.values()].filter((p) => keys.includes(p.lookup_key)),
          path,
        ),
      );
    }
    if (req.method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: id('cus'),
        object: 'customer' as const,
        email: (body.email as string) ?? null,
        metadata: (body.metadata as object) ?? {},
      };
      customers.set(customer.id, customer);
      return json(res, 200, customer);
    }
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const items = body.line_items as { price: string }[] | undefined;
      const price = items?.[0]?.price;
      if (!customers.has(body.customer as string)) return missing('customer');
      if (![...prices.values()].some((p) => p.id === price)) return missing('price');
      const subData = (body.subscription_data ?? {}) as {
        metadata?: Record<string, string>;
        trial_period_days?: string;
      };
      const sessionId = id('cs_test');
      const session: Session = {
        id: sessionId,
        object: 'checkout.session',
        mode: body.mode as string,
        customer: body.customer as string,
        client_reference_id: (body.client_reference_id as string) ?? null,
        metadata: (body.metadata as Record<string, string>) ?? {},
        subscription: null,
        status: 'open',
        payment_status: 'unpaid',
        url: `${base}/pay/${sessionId}`,
        success_url: body.success_url as string,
        cancel_url: body.cancel_url as string,
        price: price!,
        trial_period_days: subData.trial_period_days ? Number(subData.trial_period_days) : null,
        subscription_metadata: subData.metadata ?? {},
      };
      sessions.set(sessionId, session);
      return json(res, 200, session);
    }
    if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
      const customer = body.customer as string;
      if (!customers.has(customer)) return missing('customer');
      const portal = new URL(`${base}/portal/${customer}`);
      portal.searchParams.set('return_url', body.return_url as string);
      return json(res, 200, { id: id('bps'), object: 'billing_portal.session', customer, url: portal.toString() });
    }
    if (req.method === 'GET' && path === '/v1/invoices') {
      const mine = invoices.filter((i) => i.customer === body.customer).reverse();
      return json(res, 200, list(mine.slice(0, Number(body.limit ?? 10)), path));
    }
    if (req.method === 'GET' && (m = path.match(/^\/v1\/subscriptions\/([\w-]+)$/))) {
      const sub = subscriptions.get(m[1]!);
      return sub ? json(res, 200, sub) : missing('subscription');
    }
    if (req.method === 'GET' && (m = path.match(/^\/v1\/checkout\/sessions\/([\w-]+)$/))) {
      const session = sessions.get(m[1]!);
      return session ? json(res, 200, session) : missing('checkout.session');
    }
    return json(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path})` } });
  }

  /** The pages a customer sees: checkout (pay) and the portal (cancel at period end). */
  async function pages(req: IncomingMessage, res: ServerResponse, url: URL) {
    let m: RegExpMatchArray | null;
    if ((m = url.pathname.match(/^\/pay\/([\w-]+)$/))) {
      const session = sessions.get(m[1]!);
      if (!session) return html(res, 404, '<h1>No such checkout session</h1>');
      if (req.method === 'POST') {
        if (session.status === 'open') await pay(session);
        res.writeHead(303, { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) });
        return res.end();
      }
      const price = [...prices.values()].find((p) => p.id === session.price)!;
      return html(
        res,
        200,
        `<h1>Stripe stand-in checkout</h1><p>${escapeHtml(price.lookup_key)}: $${(price.unit_amount / 100).toFixed(2)}` +
          `${session.trial_period_days ? `, after a ${session.trial_period_days}-day trial` : ''}</p>` +
          `<form method="post"><button type="submit">Pay</button></form>` +
          `<a href="${escapeHtml(session.cancel_url)}">Back</a>`,
      );
    }
    if ((m = url.pathname.match(/^\/portal\/([\w-]+)$/))) {
      const customer = m[1]!;
      const back = url.searchParams.get('return_url') ?? '/';
      const current = [...subscriptions.values()].find((s) => s.customer === customer && s.status !== 'canceled');
      if (req.method === 'POST' && current) {
        current.cancel_at_period_end = true;
        await emit('customer.subscription.updated', current);
        res.writeHead(303, { location: back });
        return res.end();
      }
      return html(
        res,
        200,
        `<h1>Stripe stand-in billing portal</h1>` +
          (current ? `<form method="post"><button type="submit">Cancel plan</button></form>` : '') +
          `<a href="${escapeHtml(back)}">Return</a>`,
      );
    }
    if (url.pathname.startsWith('/invoices/')) return html(res, 200, '<h1>Invoice</h1>');
    return html(res, 404, '<h1>Not found</h1>');
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', base);
    const handle = url.pathname.startsWith('/v1/') ? api : pages;
    handle(req, res, url).catch((err: unknown) => json(res, 500, { error: { message: String(err) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    /** The configuration that points the app at this server. */
    env: { STRIPE_SECRET_KEY: STAND_IN_KEY, STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET, STRIPE_API_URL: base },
    events,
    requests,
    setDeliver(d: Deliver) {
      deliver = d;
    },
    session: (sessionId: string) => sessions.get(sessionId),
    subscription,
    /** The checkout page's Pay button, for tests without a browser. */
    pay: (sessionId: string) => pay(sessions.get(sessionId)!),
    /** The next period is charged and paid. */
    async renew(subId: string) {
      const sub = subscription(subId);
      const item = sub.items.data[0]!;
      item.current_period_start = item.current_period_end;
      item.current_period_end = periodAfter(item.current_period_start, item.price.recurring.interval);
      Object.assign(sub, { status: 'active', trial_end: null });
      await emit('invoice.paid', invoiceFor(sub, 'paid'));
      await emit('customer.subscription.updated', sub);
    },
    /** The renewal's charge is declined: past_due, the invoice stays open. */
    async failPayment(subId: string) {
      const sub = subscription(subId);
      const item = sub.items.data[0]!;
      item.current_period_start = item.current_period_end;
      item.current_period_end = periodAfter(item.current_period_start, item.price.recurring.interval);
      sub.status = 'past_due';
      await emit('invoice.payment_failed', invoiceFor(sub, 'open'));
      await emit('customer.subscription.updated', sub);
    },
    /** A new card pays the open invoice. */
    async recover(subId: string) {
      const sub = subscription(subId);
      const open = invoices.find((i) => i.parent.subscription_details.subscription === subId && i.status === 'open');
      if (open) Object.assign(open, { status: 'paid', amount_paid: open.amount_due });
      sub.status = 'active';
      if (open) await emit('invoice.paid', open);
      await emit('customer.subscription.updated', sub);
    },
    /** The customer cancels in the portal: the plan runs to the end of the period. */
    async cancelAtPeriodEnd(subId: string) {
      subscription(subId).cancel_at_period_end = true;
      await emit('customer.subscription.updated', subscription(subId));
    },
    /** The period ends (now) on a subscription set to cancel, or whose payment never came (unpaid). */
    async endPeriod(subId: string, status: 'canceled' | 'unpaid' = 'canceled') {
      const sub = subscription(subId);
      sub.items.data[0]!.current_period_end = now();
      sub.status = status;
      await emit(status === 'canceled' ? 'customer.subscription.deleted' : 'customer.subscription.updated', sub);
    },
    /** Sends an event again, as Stripe's retries do, optionally with another signature header. */
    resend: (event: StandInEvent, signature?: string) => send(event, signature),
    sign,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;
