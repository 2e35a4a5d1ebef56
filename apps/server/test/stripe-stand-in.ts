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
 * charges need 3-D Secure. Idempotency keys replay the first answer.
 */
export type StripeStandIn = {
  port: number;
  requests: StandInRequest[];
  /** PaymentIntents created (not replayed). */
  intentsCreated: number;
  close(): Promise<void>;
};

const cardOf = (pm: string) => ({
  id: pm,
  object: 'payment_method',
  card: {
    brand: 'visa',
    last4: pm === 'pm_card_visa' ? '4242' : '0341',
    exp_month: 12,
    exp_year: 2034,
  },
});

function cardError(code: string, message: string, intent?: object) {
  return {
    status: 402,
    body: {
      error: { type: 'card_error', code, message, ...(intent && { payment_intent: intent }) },
    },
  };
}

/** Starts the stand-in on a free loopback port. */
export async function startStripeStandIn(): Promise<StripeStandIn> {
  const replies = new Map<string, { status: number; body: unknown }>();
  const intents = new Map<string, Record<string, unknown>>();
  const standIn: StripeStandIn = {
    port: 0,
    requests: [],
    intentsCreated: 0,
    close: () => Promise.resolve(),
  };

  function answer(
    method: string,
    path: string,
    form: URLSearchParams,
  ): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/customers')
      return { status: 200, body: { id: `cus_${standIn.requests.length}`, object: 'customer' } };
    if (method === 'POST' && path === '/v1/setup_intents') {
      const pm = form.get('payment_method') ?? '';
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
      standIn.intentsCreated += 1;
      const id = `pi_${standIn.intentsCreated}`;
      const pm = form.get('payment_method') ?? '';
      const base = {
        id,
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        client_secret: `${id}_secret`,
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
    const piMatch = /^\/v1\/payment_intents\/([\w]+)$/.exec(path);
    if (method === 'GET' && piMatch) {
      const intent = intents.get(piMatch[1] ?? '');
      return intent
        ? { status: 200, body: intent }
        : {
            status: 404,
            body: {
              error: {
                type: 'invalid_request_error',
                code: 'resource_missing',
                message: 'No such payment_intent',
              },
            },
          };
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
      const cacheKey = idempotencyKey && `${method} ${url.pathname} ${idempotencyKey}`;
      const reply = (cacheKey && replies.get(cacheKey)) || answer(method, url.pathname, form);
      if (cacheKey) replies.set(cacheKey, reply);
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
