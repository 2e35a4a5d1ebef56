import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

// What the GitHub, Linear and Jira stand-ins share (issue 30): a loopback HTTP server with a
// control door for e2e workers, JSON answers, a clock that always moves on, the failure switches
// tests throw, and signed webhook deliveries kept for replays. Each vendor's file keeps only its
// contract: resources, auth, error shapes, issue fields and how its webhooks are signed.

/** A webhook delivery a stand-in sent, with what the receiver answered (for replays). */
export type StandInDelivery = {
  url: string;
  headers: Record<string, string>;
  body: string;
  status: number;
  answer: string;
};

/** A signed webhook delivery, not sent yet (tests replay and alter these). */
export type SignedDelivery = Pick<StandInDelivery, 'url' | 'headers' | 'body'>;

/** Where another process (an e2e worker) drives a stand-in over HTTP. */
export const STAND_IN_CONTROL_PREFIX = '/_stand-in/';

/** What a control call carries: its JSON body (POST) or nothing (GET: read the query). */
export type ControlInput = Record<string, string | number | undefined>;

/** The control calls of one stand-in, by name; each answers what is sent back as JSON. */
export type ControlActions = Record<string, (input: ControlInput, url: URL) => unknown>;

/** Answers `body` as JSON (vendors differ only in how they spell the content type). */
export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  contentType = 'application/json; charset=utf-8',
): void {
  response.writeHead(status, { 'content-type': contentType }).end(JSON.stringify(body));
}

/** The whole request body as text. */
export async function readBody(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) body += (chunk as Buffer).toString();
  return body;
}

/** The request body parsed as JSON; `{}` when empty. */
export async function readJson<T>(request: IncomingMessage): Promise<T> {
  return JSON.parse((await readBody(request)) || '{}') as T;
}

/**
 * A vendor's clock: each reading is at least `stepMs` after the previous one (truncated to whole
 * steps), so an issue's `updated` always grows, even for changes within the same instant.
 */
export function monotonicClock(stepMs = 1): () => Date {
  let last = 0;
  return () => {
    last = Math.max(Math.floor(Date.now() / stepMs) * stepMs, last + stepMs);
    return new Date(last);
  };
}

/** The failure switches of a stand-in; `F` is what a vendor's failed answer needs. */
export type StandInFaults<F> = {
  /** The next `count` requests fail with `failure`, doing nothing. */
  failNext(count: number, failure: F): void;
  /** The failure for this request, if one is due (counts it). */
  takeFailure(): F | undefined;
  /** The next `count` issue creations are made but their answer is lost (502). */
  loseNextCreateAnswers(count: number): void;
  /** Whether this creation's answer is to be lost (counts it). */
  takeLostAnswer(): boolean;
};

/** Fresh {@link StandInFaults}: nothing fails until a test says so. */
export function createFaults<F>(): StandInFaults<F> {
  let failing = 0;
  let failure: F | undefined;
  let losing = 0;
  return {
    failNext(count, next) {
      failing = count;
      failure = next;
    },
    takeFailure() {
      if (failing <= 0) return undefined;
      failing -= 1;
      return failure;
    },
    loseNextCreateAnswers(count) {
      losing = count;
    },
    takeLostAnswer() {
      if (losing <= 0) return false;
      losing -= 1;
      return true;
    },
  };
}

/** Waits `ms` (a stand-in's `createDelayMs`, so racing creations overlap); nothing when 0. */
export async function delayCreate(ms: number): Promise<void> {
  if (ms > 0) await sleep(ms);
}

/** A webhook's URL, or the same path at `deliverTo` (the test app's address) when set. */
export function deliveryTarget(deliverTo: string | null, hookUrl: string): string {
  return deliverTo ? `${deliverTo}${new URL(hookUrl).pathname}` : hookUrl;
}

/** POSTs each signed delivery in turn; records and answers what each receiver said. */
export async function deliver(
  log: StandInDelivery[],
  deliveries: SignedDelivery[],
): Promise<StandInDelivery[]> {
  const sent: StandInDelivery[] = [];
  for (const delivery of deliveries) {
    const answer = await fetch(delivery.url, {
      method: 'POST',
      headers: delivery.headers,
      body: delivery.body,
    });
    const done = { ...delivery, status: answer.status, answer: await answer.text() };
    log.push(done);
    sent.push(done);
  }
  return sent;
}

/** A running stand-in server. */
export type StandInServer = {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  close(): Promise<void>;
};

/**
 * Starts a stand-in on a free loopback port: requests under {@link STAND_IN_CONTROL_PREFIX} go
 * to `control` (404 for an unknown name), the rest to `handle`; a throw answers 500 through
 * `fail`, in the vendor's error shape.
 */
export async function startStandInServer(options: {
  handle: (request: IncomingMessage, response: ServerResponse, url: URL) => Promise<unknown>;
  control: () => ControlActions;
  fail: (response: ServerResponse, error: unknown) => void;
}): Promise<StandInServer> {
  const answerControl = async (request: IncomingMessage, response: ServerResponse, url: URL) => {
    const input = request.method === 'POST' ? await readJson<ControlInput>(request) : {};
    const action = options.control()[url.pathname.slice(STAND_IN_CONTROL_PREFIX.length)];
    if (!action) return sendJson(response, 404, { error: 'Not found' });
    sendJson(response, 200, (await action(input, url)) ?? {});
  };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const handled = url.pathname.startsWith(STAND_IN_CONTROL_PREFIX)
      ? answerControl(request, response, url)
      : options.handle(request, response, url);
    handled.catch((error: unknown) => options.fail(response, error));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
