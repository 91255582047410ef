import { randomBytes } from 'node:crypto';
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for exactly the Stripe endpoints StripePayments calls, so the real SDK can be
 * exercised offline: it parses the SDK's form bodies, checks the secret key, replays answers for a
 * repeated Idempotency-Key (and refuses the key with different parameters, as Stripe does), records
 * every request, and can be told to fail the next calls. It keeps its objects in memory.
 */

/** A form body decoded from bracket notation; the wire carries every leaf as a string. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormBody = { [key: string]: FormValue };

export type RecordedRequest = {
  method: string;
  path: string;
  body: FormBody;
  headers: IncomingHttpHeaders;
  /** The status the fake answered. */
  status: number;
};

export type FakeSubscription = {
  id: string;
  object: 'subscription';
  status: string;
  customer: string;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  metadata: Record<string, string>;
  items: {
    object: 'list';
    data: Array<{
      id: string;
      object: 'subscription_item';
      current_period_start: number;
      current_period_end: number;
    }>;
  };
  [key: string]: unknown;
};

export type FakeStripe = {
  /** Base URL for the adapter's `apiBase`, e.g. http://127.0.0.1:54321 */
  url: string;
  requests: RecordedRequest[];
  /** The next `times` requests (default 1), whatever they are, answer `status` with a Stripe error. */
  failNext(status: number, times?: number): void;
  /** Refunds made, in order (POST /v1/refunds). */
  refunds: FakeRefund[];
  /**
   * Has the buyer pay a checkout session made through the fake (in real life on Stripe's page): it
   * completes, paid by a new payment answered here, which GET /v1/checkout/sessions/:id then shows.
   */
  payCheckoutSession(sessionId: string): string;
  /** Seeds a paid invoice's payment (in real life the subscription's first invoice makes it). */
  addInvoicePayment(invoiceId: string, paymentIntentId: string): void;
  /** Seeds a subscription (in real life Checkout creates it) so POST /v1/subscriptions/:id finds it. */
  addSubscription(options?: {
    customer?: string;
    currentPeriodEnd?: number;
    metadata?: Record<string, string>;
  }): FakeSubscription;
  close(): Promise<void>;
};

export type FakeRefund = {
  id: string;
  object: 'refund';
  payment_intent: string;
  status: 'succeeded';
  reason: string | null;
  metadata: Record<string, FormValue>;
  reverse_transfer: boolean;
  refund_application_fee: boolean;
};

type Answer = { status: number; body: unknown };
type Json = Record<string, unknown>;

const now = () => Math.floor(Date.now() / 1000);
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const randomId = (prefix: string, length = 24) =>
  prefix + Array.from(randomBytes(length), (byte) => ALPHABET[byte % ALPHABET.length]).join('');

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'invalid_request_error',
  402: 'card_error',
  404: 'invalid_request_error',
  429: 'rate_limit_error',
};
const stripeError = (status: number, message: string, extra: Json = {}): Answer => ({
  status,
  body: { error: { type: ERROR_TYPES[status] ?? 'api_error', message, ...extra } },
});
const missing = (kind: string, id: string) =>
  stripeError(404, `No such ${kind}: '${id}'`, { code: 'resource_missing', param: 'id' });

export async function startFakeStripe(options: { secretKey: string }): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const idempotent = new Map<string, { rawBody: string; answer: Answer }>();
  const accounts = new Map<string, Json>();
  const customers = new Map<string, Json>();
  const subscriptions = new Map<string, FakeSubscription>();
  const refunds: FakeRefund[] = [];
  const invoicePayments = new Map<string, string>();
  const sessions = new Map<string, Json>();
  let failures: { status: number; times: number } | null = null;

  function route(method: string, path: string, body: FormBody, query: URLSearchParams): Answer {
    const subscriptionPath = path.match(/^\/v1\/subscriptions\/([^/]+)$/);
    if (method === 'DELETE' && subscriptionPath)
      return cancelSubscriptionNow(decodeURIComponent(subscriptionPath[1]!));
    if (method === 'GET' && path === '/v1/invoice_payments') return listInvoicePayments(query);
    const sessionPath = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
    if (method === 'GET' && sessionPath) return retrieveCheckoutSession(decodeURIComponent(sessionPath[1]!));
    if (method !== 'POST') return unrecognized(method, path);
    if (path === '/v1/checkout/sessions') return createCheckoutSession(body);
    if (path === '/v1/refunds') return createRefund(body);
    if (path === '/v1/accounts') return createAccount(body);
    if (path === '/v1/account_links') return createAccountLink(body);
    if (path === '/v1/customers') return createCustomer(body);
    if (path === '/v1/billing_portal/sessions') return createPortalSession(body);
    const loginLink = path.match(/^\/v1\/accounts\/([^/]+)\/login_links$/);
    if (loginLink) return createLoginLink(decodeURIComponent(loginLink[1]!));
    if (subscriptionPath) return updateSubscription(decodeURIComponent(subscriptionPath[1]!), body);
    return unrecognized(method, path);
  }

  function createCheckoutSession(body: FormBody): Answer {
    const mode = text(body.mode);
    if (mode !== 'payment' && mode !== 'subscription') {
      return stripeError(400, 'Invalid mode: must be one of payment, setup, or subscription', {
        param: 'mode',
      });
    }
    if (body.customer !== undefined && body.customer_email !== undefined) {
      return stripeError(400, 'You may only specify one of these parameters: customer, customer_email.');
    }
    const customer = text(body.customer);
    if (customer && !customers.has(customer)) return missing('customer', customer);
    if (mode === 'payment' && body.subscription_data !== undefined) {
      return stripeError(400, 'You can not pass `subscription_data` in `payment` mode.', {
        param: 'subscription_data',
      });
    }
    if (mode === 'subscription' && body.payment_intent_data !== undefined) {
      return stripeError(400, 'You can not pass `payment_intent_data` in `subscription` mode.', {
        param: 'payment_intent_data',
      });
    }
    const items = list(body.line_items);
    if (items.length === 0)
      return stripeError(400, 'Missing required param: line_items.', { param: 'line_items' });
    let total = 0;
    let currency = '';
    for (const [i, item] of items.entries()) {
      const price = record(record(item).price_data);
      const amount = Number(text(price.unit_amount));
      if (
        !text(price.currency) ||
        !Number.isInteger(amount) ||
        amount < 0 ||
        !text(record(price.product_data).name)
      ) {
        return stripeError(
          400,
          'Invalid price_data: currency, unit_amount and product_data[name] are required.',
          {
            param: `line_items[${i}][price_data]`,
          },
        );
      }
      const recurring = price.recurring !== undefined;
      if (recurring !== (mode === 'subscription')) {
        return stripeError(
          400,
          mode === 'subscription'
            ? 'You must provide at least one recurring price in `subscription` mode when using prices.'
            : 'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
          { param: `line_items[${i}][price_data]` },
        );
      }
      total += amount * Number(text(record(item).quantity) || '1');
      currency = text(price.currency);
    }
    const successUrl = text(body.success_url);
    if (!successUrl)
      return stripeError(400, 'Missing required param: success_url.', { param: 'success_url' });
    const id = randomId('cs_test_', 58);
    const created = now();
    const session: Json = {
      id,
      object: 'checkout.session',
      mode,
      status: 'open',
      payment_status: 'unpaid',
      ui_mode: 'hosted_page',
      livemode: false,
      created,
      expires_at: created + 24 * 3600,
      client_reference_id: text(body.client_reference_id) || null,
      metadata: record(body.metadata),
      customer: customer || null,
      customer_email: text(body.customer_email) || null,
      currency,
      amount_subtotal: total,
      amount_total: total,
      payment_intent: null,
      subscription: null,
      invoice: null,
      success_url: successUrl,
      cancel_url: text(body.cancel_url) || null,
      url: `https://checkout.stripe.test/c/pay/${id}`,
    };
    sessions.set(id, session);
    return { status: 200, body: session };
  }

  function retrieveCheckoutSession(id: string): Answer {
    const session = sessions.get(id);
    return session ? { status: 200, body: session } : missing('checkout.session', id);
  }

  function createAccount(body: FormBody): Answer {
    const requested = record(body.capabilities);
    const capabilities = Object.fromEntries(Object.keys(requested).map((name) => [name, 'inactive']));
    const account = {
      id: randomId('acct_', 16),
      object: 'account',
      type: text(body.type) || 'standard',
      email: text(body.email) || null,
      metadata: record(body.metadata),
      capabilities,
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      created: now(),
    };
    accounts.set(account.id, account);
    return { status: 200, body: account };
  }

  function createAccountLink(body: FormBody): Answer {
    const account = text(body.account);
    if (!accounts.has(account)) return missing('account', account);
    const type = text(body.type);
    if (type !== 'account_onboarding' && type !== 'account_update') {
      return stripeError(400, 'Invalid type: must be one of account_onboarding or account_update', {
        param: 'type',
      });
    }
    const created = now();
    return {
      status: 200,
      body: {
        object: 'account_link',
        created,
        expires_at: created + 300,
        url: `https://connect.stripe.test/setup/e/${account}/${randomId('', 12)}`,
      },
    };
  }

  function createLoginLink(accountId: string): Answer {
    if (!accounts.has(accountId)) return missing('account', accountId);
    return {
      status: 200,
      body: {
        object: 'login_link',
        created: now(),
        url: `https://connect.stripe.test/express/${accountId}/${randomId('', 12)}`,
      },
    };
  }

  function createCustomer(body: FormBody): Answer {
    const customer = {
      id: randomId('cus_', 14),
      object: 'customer',
      email: text(body.email) || null,
      name: text(body.name) || null,
      metadata: record(body.metadata),
      created: now(),
      livemode: false,
    };
    customers.set(customer.id, customer);
    return { status: 200, body: customer };
  }

  function createPortalSession(body: FormBody): Answer {
    const customer = text(body.customer);
    if (!customers.has(customer)) return missing('customer', customer);
    return {
      status: 200,
      body: {
        id: randomId('bps_', 24),
        object: 'billing_portal.session',
        customer,
        return_url: text(body.return_url) || null,
        created: now(),
        livemode: false,
        url: `https://billing.stripe.test/p/session/${randomId('test_', 32)}`,
      },
    };
  }

  function updateSubscription(id: string, body: FormBody): Answer {
    const subscription = subscriptions.get(id);
    if (!subscription) return missing('subscription', id);
    if (body.cancel_at_period_end !== undefined) {
      subscription.cancel_at_period_end = text(body.cancel_at_period_end) === 'true';
      // As Stripe does: stopping renewal sets the cancellation time to the end of the paid term.
      subscription.cancel_at = subscription.cancel_at_period_end
        ? (subscription.items.data[0]?.current_period_end ?? null)
        : null;
    }
    for (const [key, value] of Object.entries(record(body.metadata))) {
      if (value === '') delete subscription.metadata[key];
      else subscription.metadata[key] = text(value);
    }
    return { status: 200, body: subscription };
  }

  /** As Stripe: a payment is refunded once; asking again (without the first key) is refused. */
  function createRefund(body: FormBody): Answer {
    const paymentIntent = text(body.payment_intent);
    if (!paymentIntent)
      return stripeError(400, 'One of `charge` or `payment_intent` is required.', {
        param: 'payment_intent',
      });
    if (refunds.some((r) => r.payment_intent === paymentIntent))
      return stripeError(400, `Charge for ${paymentIntent} has already been refunded.`, {
        code: 'charge_already_refunded',
      });
    const refund: FakeRefund = {
      id: randomId('re_', 24),
      object: 'refund',
      payment_intent: paymentIntent,
      status: 'succeeded',
      reason: text(body.reason) || null,
      metadata: record(body.metadata),
      reverse_transfer: text(body.reverse_transfer) === 'true',
      refund_application_fee: text(body.refund_application_fee) === 'true',
    };
    refunds.push(refund);
    return { status: 200, body: refund };
  }

  function cancelSubscriptionNow(id: string): Answer {
    const subscription = subscriptions.get(id);
    if (!subscription) return missing('subscription', id);
    if (subscription.status === 'canceled')
      return stripeError(400, `A canceled subscription can only update its cancellation_details.`);
    subscription.status = 'canceled';
    subscription.ended_at = now();
    return { status: 200, body: subscription };
  }

  function listInvoicePayments(query: URLSearchParams): Answer {
    const invoice = query.get('invoice') ?? '';
    const paymentIntent = invoicePayments.get(invoice);
    const data = paymentIntent
      ? [
          {
            id: randomId('inpay_', 24),
            object: 'invoice_payment',
            invoice,
            status: 'paid',
            is_default: true,
            payment: { type: 'payment_intent', payment_intent: paymentIntent },
          },
        ]
      : [];
    return {
      status: 200,
      body: { object: 'list', url: '/v1/invoice_payments', has_more: false, data },
    };
  }

  function addSubscription(
    seed: { customer?: string; currentPeriodEnd?: number; metadata?: Record<string, string> } = {},
  ): FakeSubscription {
    const start = now();
    const end = seed.currentPeriodEnd ?? start + 30 * 24 * 3600;
    const subscription: FakeSubscription = {
      id: randomId('sub_', 24),
      object: 'subscription',
      status: 'active',
      customer: seed.customer ?? randomId('cus_', 14),
      cancel_at_period_end: false,
      cancel_at: null,
      created: start,
      livemode: false,
      metadata: { ...seed.metadata },
      items: {
        object: 'list',
        data: [
          {
            id: randomId('si_', 14),
            object: 'subscription_item',
            current_period_start: start,
            current_period_end: end,
          },
        ],
      },
    };
    subscriptions.set(subscription.id, subscription);
    return subscription;
  }

  function unrecognized(method: string, path: string): Answer {
    return stripeError(404, `Unrecognized request URL (${method}: ${path}).`);
  }

  /** Everything before routing: injected failures, the key, then idempotent replays. */
  function handle(
    req: IncomingMessage,
    rawBody: string,
    path: string,
    query: URLSearchParams,
  ): { answer: Answer; headers: Json } {
    if (failures) {
      const { status } = failures;
      failures = failures.times > 1 ? { status, times: failures.times - 1 } : null;
      return { answer: stripeError(status, `Injected failure (${status})`), headers: {} };
    }
    const auth = req.headers.authorization ?? '';
    if (auth !== `Bearer ${options.secretKey}`) {
      const given = auth.replace(/^Bearer /, '');
      return { answer: stripeError(401, `Invalid API Key provided: ${maskKey(given)}`), headers: {} };
    }
    const key = req.headers['idempotency-key'];
    const method = req.method ?? 'GET';
    if (typeof key === 'string' && (method === 'POST' || method === 'DELETE')) {
      const scoped = `${path}\n${key}`;
      const previous = idempotent.get(scoped);
      if (previous && previous.rawBody !== rawBody) {
        const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`;
        return { answer: stripeError(400, message, { type: 'idempotency_error' }), headers: {} };
      }
      if (previous)
        return {
          answer: previous.answer,
          headers: { 'idempotent-replayed': 'true', 'idempotency-key': key },
        };
      const answer = route(method, path, parseForm(rawBody), query);
      // Like Stripe, only a request that went through is kept for replay; a rejected one may be retried.
      if (answer.status === 200) idempotent.set(scoped, { rawBody, answer: structuredClone(answer) });
      return { answer, headers: { 'idempotency-key': key } };
    }
    return { answer: route(method, path, parseForm(rawBody), query), headers: {} };
  }

  const server = http.createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://fake');
      const path = url.pathname;
      let result: { answer: Answer; headers: Json };
      try {
        result = handle(req, rawBody, path, url.searchParams);
      } catch (err) {
        result = { answer: stripeError(500, `Fake Stripe failed: ${(err as Error).message}`), headers: {} };
      }
      requests.push({
        method: req.method ?? 'GET',
        path,
        body: parseForm(rawBody),
        headers: req.headers,
        status: result.answer.status,
      });
      const payload = JSON.stringify(result.answer.body);
      res.writeHead(result.answer.status, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(payload),
        'request-id': randomId('req_', 14),
        'stripe-version': String(req.headers['stripe-version'] ?? ''),
        ...result.headers,
      });
      res.end(payload);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext(status: number, times = 1) {
      failures = { status, times };
    },
    addSubscription,
    refunds,
    payCheckoutSession(sessionId: string) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`the fake made no checkout session ${sessionId}`);
      const paymentIntent = randomId('pi_', 24);
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        payment_intent: session.mode === 'payment' ? paymentIntent : null,
        url: null,
      });
      return paymentIntent;
    },
    addInvoicePayment(invoiceId: string, paymentIntentId: string) {
      invoicePayments.set(invoiceId, paymentIntentId);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        // The SDK keeps connections alive; without this, close() waits for them to time out.
        server.closeAllConnections();
      }),
  };
}

/**
 * Decodes `a[b][0][c]=x` pairs into nested objects and arrays (numeric segments make arrays),
 * the way Stripe reads the SDK's form bodies.
 */
export function parseForm(raw: string): FormBody {
  const root: FormBody = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const segments = key.match(/^[^[]+|\[[^\]]*\]/g)?.map((s) => s.replace(/^\[|\]$/g, ''));
    if (!segments || segments.some((s) => s === '__proto__' || s === 'constructor' || s === 'prototype'))
      continue;
    let node: FormBody | FormValue[] = root;
    for (const [i, segment] of segments.entries()) {
      const slot = /^\d+$/.test(segment) && Array.isArray(node) ? Number(segment) : segment;
      const container = node as Record<string | number, FormValue>;
      if (i === segments.length - 1) {
        container[slot] = value;
        break;
      }
      const next = segments[i + 1]!;
      if (typeof container[slot] !== 'object') container[slot] = /^\d+$/.test(next) ? [] : {};
      node = container[slot] as FormBody | FormValue[];
    }
  }
  return root;
}

function text(value: FormValue | undefined): string {
  return typeof value === 'string' ? value : '';
}
function record(value: FormValue | undefined): Record<string, FormValue> {
  return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
}
function list(value: FormValue | undefined): FormValue[] {
  return Array.isArray(value) ? value : [];
}
/** Stripe's own masking: enough to recognise a key in a message, never the whole secret. */
function maskKey(key: string): string {
  return key.length > 12 ? `${key.slice(0, 8)}${'*'.repeat(key.length - 12)}${key.slice(-4)}` : '****';
}
