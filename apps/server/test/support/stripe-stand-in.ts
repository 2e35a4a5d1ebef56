import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the stand-in received. */
export type StandInRequest = {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  form: URLSearchParams;
};

/**
 * A local HTTP stand-in of the few Stripe API endpoints the gateway calls, so tests run the real
 * `stripe` SDK without the network. Payment method ids pick the behaviour, like Stripe's test
 * `pm_card_*` ids: `pm_card_visa` succeeds, `pm_card_chargeDeclined` is declined when saved,
 * `pm_card_chargeCustomerFail` saves but its charges are declined, `pm_card_authenticationRequired`
 * charges need 3-D Secure (`_o<n>` may follow, making an organization's own id: a payment method
 * belongs to one customer). Idempotency keys replay the first answer (until
 * {@link StripeStandIn.expireIdempotencyKeys}, Stripe's 24 hours); a key sent again with other
 * parameters is refused with `idempotency_error`, as Stripe does. Customers and PaymentIntents can
 * be searched by metadata; PaymentIntents listed by customer, cancelled, or completed as if the
 * customer had passed 3-D Secure.
 */
export type StripeStandIn = {
  port: number;
  requests: StandInRequest[];
  /** PaymentIntents created (not replayed). */
  intentsCreated: number;
  /** Customers created (not replayed), with their metadata. */
  customers: {
    id: string;
    created: number;
    metadata: Record<string, string>;
    /** Deleted (issue 33: a closed organization's customer); search no longer finds it. */
    deleted?: boolean;
  }[];
  /** The PaymentIntent's current status (`canceled` once cancelled). */
  intentStatus(id: string): string | undefined;
  /** The customer completes 3-D Secure in their browser: the PaymentIntent succeeds. */
  completeIntent(id: string): void;
  /** Stripe keeps idempotency keys 24 hours: afterwards a key runs the request again. */
  expireIdempotencyKeys(): void;
  /** Customer search refused, as for accounts Stripe does not offer Search to. */
  isSearchUnavailable: boolean;
  /** The next `count` requests answer 500 (Stripe down). */
  failNext(count: number): void;
  /**
   * The next `count` requests are carried out (and their idempotency keys stored) but answered 500:
   * the answer lost on its way back, after Stripe acted.
   */
  loseNextAnswers(count: number): void;
  close(): Promise<void>;
};

const NOT_CANCELABLE = new Set(['succeeded', 'canceled']);

/** The test card of a payment method id: `pm_card_visa_o7` is org 7's own `pm_card_visa`. */
const testCardOf = (pm: string) => pm.replace(/_o\d+$/, '');

const cardOf = (pm: string) => ({
  id: pm,
  object: 'payment_method',
  card: {
    brand: 'visa',
    last4: testCardOf(pm) === 'pm_card_visa' ? '4242' : '0341',
    exp_month: 12,
    exp_year: 2034,
  },
});

function missing(resource: string) {
  return {
    status: 404,
    body: {
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such ${resource}`,
      },
    },
  };
}

function cardError(code: string, message: string, intent?: object) {
  return {
    status: 402,
    body: {
      error: { type: 'card_error', code, message, ...(intent && { payment_intent: intent }) },
    },
  };
}

/** Stripe's refusal of a key sent again with other parameters. */
function idempotencyError(key: string) {
  return {
    error: {
      type: 'idempotency_error',
      message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
    },
  };
}

/** Starts the stand-in on a free loopback port. */
export async function startStripeStandIn(): Promise<StripeStandIn> {
  const replies = new Map<string, { status: number; body: unknown; params: string }>();
  const intents = new Map<string, Record<string, unknown>>();
  let failures = 0;
  let lostAnswers = 0;
  const standIn: StripeStandIn = {
    port: 0,
    requests: [],
    intentsCreated: 0,
    customers: [],
    isSearchUnavailable: false,
    intentStatus: (id) => intents.get(id)?.status as string | undefined,
    completeIntent: (id) => {
      const intent = intents.get(id);
      if (intent) intent.status = 'succeeded';
    },
    expireIdempotencyKeys: () => replies.clear(),
    failNext: (count) => (failures = count),
    loseNextAnswers: (count) => (lostAnswers = count),
    close: () => Promise.resolve(),
  };

  function answer(
    method: string,
    path: string,
    form: URLSearchParams,
  ): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/customers') {
      const metadata: Record<string, string> = {};
      for (const [name, value] of form)
        if (name.startsWith('metadata[')) metadata[name.slice(9, -1)] = value;
      const customer = { id: `cus_${standIn.requests.length}`, created: Date.now(), metadata };
      standIn.customers.push(customer);
      return { status: 200, body: { ...customer, object: 'customer' } };
    }
    const customerMatch = /^\/v1\/customers\/(\w+)$/.exec(path);
    if (method === 'DELETE' && customerMatch) {
      const customer = standIn.customers.find((c) => c.id === customerMatch[1]);
      if (!customer || customer.deleted) return missing('customer');
      customer.deleted = true;
      return { status: 200, body: { id: customer.id, object: 'customer', deleted: true } };
    }
    if (method === 'GET' && path === '/v1/customers/search' && standIn.isSearchUnavailable)
      return {
        status: 400,
        body: { error: { type: 'invalid_request_error', message: 'Search is not available.' } },
      };
    if (method === 'GET' && path === '/v1/customers/search') {
      // Only the query the gateway sends: metadata['key']:'value'.
      const [, key, value] = /^metadata\['(\w+)'\]:'([^']*)'$/.exec(form.get('query') ?? '') ?? [];
      const data = standIn.customers
        .filter((c) => !c.deleted && key !== undefined && c.metadata[key] === value)
        .map((c) => ({ ...c, object: 'customer' }));
      return {
        status: 200,
        body: { object: 'search_result', data, has_more: false, next_page: null, url: path },
      };
    }
    if (method === 'POST' && path === '/v1/setup_intents') {
      const pm = testCardOf(form.get('payment_method') ?? '');
      if (pm === 'pm_card_chargeDeclined')
        return cardError('card_declined', 'Your card was declined.');
      return {
        status: 200,
        body: {
          id: 'seti_1',
          object: 'setup_intent',
          status: 'succeeded',
          client_secret: 'seti_1_secret',
        },
      };
    }
    const pmMatch = /^\/v1\/payment_methods\/([\w]+)(\/detach)?$/.exec(path);
    if (pmMatch) return { status: 200, body: cardOf(pmMatch[1] ?? '') };
    if (method === 'POST' && path === '/v1/payment_intents') {
      // Stripe's minimum charge in USD: refused as a bad request, no PaymentIntent made.
      if (Number(form.get('amount')) < 50)
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'amount_too_small',
              param: 'amount',
              message: 'Amount must be at least $0.50 usd',
            },
          },
        };
      standIn.intentsCreated += 1;
      const id = `pi_${standIn.intentsCreated}`;
      const pm = testCardOf(form.get('payment_method') ?? '');
      const metadata: Record<string, string> = {};
      for (const [name, value] of form)
        if (name.startsWith('metadata[')) metadata[name.slice(9, -1)] = value;
      const base = {
        id,
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        client_secret: `${id}_secret`,
        customer: form.get('customer'),
        metadata,
      };
      if (pm === 'pm_card_chargeCustomerFail') {
        const intent = { ...base, status: 'requires_payment_method' };
        intents.set(id, intent);
        return cardError('card_declined', 'Your card was declined.', intent);
      }
      if (pm === 'pm_card_authenticationRequired') {
        const intent = { ...base, status: 'requires_action' };
        intents.set(id, intent);
        return cardError(
          'authentication_required',
          'This payment requires authentication.',
          intent,
        );
      }
      const intent = { ...base, status: 'succeeded' };
      intents.set(id, intent);
      return { status: 200, body: intent };
    }
    if (method === 'GET' && path === '/v1/payment_intents/search') {
      if (standIn.isSearchUnavailable)
        return {
          status: 400,
          body: { error: { type: 'invalid_request_error', message: 'Search is not available.' } },
        };
      // Only the query the gateway sends: metadata['key']:'value'.
      const [, key, value] = /^metadata\['(\w+)'\]:'([^']*)'$/.exec(form.get('query') ?? '') ?? [];
      const data = [...intents.values()].filter(
        (intent) => key !== undefined && (intent.metadata as Record<string, string>)[key] === value,
      );
      return {
        status: 200,
        body: { object: 'search_result', data, has_more: false, next_page: null, url: path },
      };
    }
    if (method === 'GET' && path === '/v1/payment_intents') {
      const data = [...intents.values()]
        .filter((intent) => intent.customer === form.get('customer'))
        .reverse();
      return { status: 200, body: { object: 'list', data, has_more: false, url: path } };
    }
    const cancelMatch = /^\/v1\/payment_intents\/(\w+)\/cancel$/.exec(path);
    if (method === 'POST' && cancelMatch) {
      const intent = intents.get(cancelMatch[1] ?? '');
      if (!intent) return missing('payment_intent');
      if (NOT_CANCELABLE.has(intent.status as string))
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: `You cannot cancel this PaymentIntent because it has a status of ${String(intent.status)}.`,
            },
          },
        };
      intent.status = 'canceled';
      intent.cancellation_reason = form.get('cancellation_reason');
      return { status: 200, body: intent };
    }
    const piMatch = /^\/v1\/payment_intents\/([\w]+)$/.exec(path);
    if (method === 'GET' && piMatch) {
      const intent = intents.get(piMatch[1] ?? '');
      return intent ? { status: 200, body: intent } : missing('payment_intent');
    }
    return {
      status: 404,
      body: { error: { type: 'invalid_request_error', message: `No route ${method} ${path}` } },
    };
  }

  const server: Server = createServer((request: IncomingMessage, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const form = new URLSearchParams(request.method === 'GET' ? url.search : raw);
      const header = request.headers['idempotency-key'];
      const idempotencyKey = typeof header === 'string' ? header : undefined;
      const method = request.method ?? 'GET';
      standIn.requests.push({ method, path: url.pathname, idempotencyKey, form });
      if (failures > 0) {
        failures -= 1;
        response.writeHead(500, {
          'content-type': 'application/json',
          'stripe-should-retry': 'false',
        });
        response.end(JSON.stringify({ error: { type: 'api_error', message: 'Stand-in is down' } }));
        return;
      }
      const cacheKey = idempotencyKey && `${method} ${url.pathname} ${idempotencyKey}`;
      const params = form.toString();
      const stored = cacheKey ? replies.get(cacheKey) : undefined;
      const reply =
        stored && stored.params !== params
          ? { status: 400, body: idempotencyError(idempotencyKey ?? ''), params }
          : (stored ?? { ...answer(method, url.pathname, form), params });
      if (cacheKey && !stored) replies.set(cacheKey, reply);
      if (lostAnswers > 0) {
        lostAnswers -= 1;
        response.writeHead(500, {
          'content-type': 'application/json',
          'stripe-should-retry': 'false',
        });
        response.end(JSON.stringify({ error: { type: 'api_error', message: 'Answer lost' } }));
        return;
      }
      response.writeHead(reply.status, {
        'content-type': 'application/json',
        'request-id': 'req_standin',
      });
      response.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.port = (server.address() as AddressInfo).port;
  standIn.close = () => new Promise((resolve) => server.close(() => resolve()));
  return standIn;
}
