import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the receiver got. */
export type ReceivedRequest = { path: string; headers: IncomingHttpHeaders; body: string };

/** What the receiver answers: a status, a body and headers. */
export type ReceiverAnswer = { status: number; body?: string; headers?: Record<string, string> };

/** A local HTTP receiver of webhooks, whose answers a test decides request by request. */
export type WebhookReceiver = {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** Every request so far, in arrival order. */
  received: ReceivedRequest[];
  /** Decides the answer of each request (default 200 "ok"). */
  answer: (request: ReceivedRequest) => ReceiverAnswer;
  close(): Promise<void>;
};

/** Starts a {@link WebhookReceiver} on a free loopback port (`host`: another loopback address). */
export async function startWebhookReceiver(host = '127.0.0.1'): Promise<WebhookReceiver> {
  const receiver: WebhookReceiver = {
    url: '',
    received: [],
    answer: () => ({ status: 200, body: 'ok' }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const got = {
        path: request.url ?? '/',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      receiver.received.push(got);
      const answer = receiver.answer(got);
      response.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers });
      response.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  receiver.url = `http://${host}:${(server.address() as AddressInfo).port}`;
  server.closeAllConnections?.();
  return receiver;
}

/**
 * A stand-in for a Slack incoming webhook following Slack's documented contract
 * (api.slack.com/messaging/webhooks): a JSON body with `text` or `blocks` gets 200 "ok"; anything
 * else 400 `invalid_payload`; path `/services/gone` 404 `no_service`; `/services/archived` 410
 * `channel_is_archived`; `/services/busy` 429 with `Retry-After: 30` on its first call.
 */
export function answerLikeSlack(): (request: ReceivedRequest) => ReceiverAnswer {
  let busyCalls = 0;
  return (request) => {
    if (request.path === '/services/gone') return { status: 404, body: 'no_service' };
    if (request.path === '/services/archived') return { status: 410, body: 'channel_is_archived' };
    if (request.path === '/services/busy' && busyCalls++ === 0)
      return { status: 429, body: 'rate_limited', headers: { 'retry-after': '30' } };
    try {
      const message = JSON.parse(request.body) as { text?: unknown; blocks?: unknown };
      if (typeof message.text === 'string' || Array.isArray(message.blocks))
        return { status: 200, body: 'ok' };
    } catch {
      // Not JSON: Slack's invalid_payload below.
    }
    return { status: 400, body: 'invalid_payload' };
  };
}
