import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiRateCounters } from '../../src/db/schema';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { openTestEventStream } from '../support/sse-client';
import { addMember, createItem, createOrgWorld, createProject } from '../support/projects-world';
import { createPat } from '../tokens/token-world';

// Decision 0134: signed-in sessions have a per-user request limit (in each copy's memory), and an
// MCP batch counts each of its messages, against a token's limit or a session's.

const PER_USER = 5;
const PER_TOKEN = 6;
const WINDOW_MS = 60_000;
let t: AuthTestContext;
let baseUrl: string;

beforeAll(async () => {
  t = await startAuthTestApp({
    env: {
      SESSION_RATE_LIMIT_PER_USER: String(PER_USER),
      SESSION_RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_MS / 1000),
      API_RATE_LIMIT_PER_TOKEN: String(PER_TOKEN),
      API_RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_MS / 1000),
    },
  });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Stops `Date.now` (the limits' time) 1 s into the next window, so no test straddles two. */
function stopTimeAtWindowStart(): { advance(ms: number): void } {
  let at = (Math.floor(Date.now() / WINDOW_MS) + 1) * WINDOW_MS + 1_000;
  vi.spyOn(Date, 'now').mockImplementation(() => at);
  return {
    advance: (ms) => {
      at += ms;
    },
  };
}

const whoami = (as: { authorization: string }) =>
  t.call(as, { method: 'GET', url: '/api/account/whoami' });

/** POSTs JSON-RPC `ping` messages to /mcp: one message, or a batch of `count`. */
function mcpPings(authorization: string, count: number | 'single') {
  const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' });
  return fetch(`${baseUrl}/mcp`, {
    method: 'POST',
    headers: {
      authorization,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify(
      count === 'single' ? ping(1) : Array.from({ length: count }, (_, id) => ping(id + 1)),
    ),
  });
}

/** A whole batch refused at the HTTP level: 429, Retry-After, the MCP module's JSON-RPC error. */
async function expectBatchRefused(response: Response, message: string): Promise<void> {
  expect(response.status).toBe(429);
  expect(response.headers.get('retry-after')).toBe('59');
  expect(await response.json()).toEqual({
    jsonrpc: '2.0',
    error: { code: -32001, message },
    id: null,
  });
}

describe('the request limit of signed-in sessions', () => {
  it('serves the quota with headers, then 429 with Retry-After; another user is unaffected', async () => {
    stopTimeAtWindowStart();
    const ann = await t.signIn();
    const answers = [];
    for (let call = 0; call < PER_USER + 2; call += 1) answers.push(await whoami(ann));
    expect(answers.map((answer) => answer.statusCode)).toEqual([
      ...Array<number>(PER_USER).fill(200),
      429,
      429,
    ]);
    // Served answers carry no rate headers (decision 0134, at merge); refusals do.
    expect(answers.map((answer) => answer.headers.ratelimit)).toEqual([
      ...Array<undefined>(PER_USER).fill(undefined),
      '"user";r=0;t=59',
      '"user";r=0;t=59',
    ]);
    expect(answers[PER_USER]?.headers['ratelimit-policy']).toBe(`"user";q=${PER_USER};w=60`);
    const refused = answers[PER_USER];
    expect(refused?.headers['retry-after']).toBe('59');
    expect(refused?.json()).toEqual({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: 'Too many requests from this account. Try again in 59 seconds.',
    });
    expect(answers[0]?.headers['retry-after']).toBeUndefined();

    const ben = await t.signIn();
    const other = await whoami(ben);
    expect(other.statusCode).toBe(200);
  });

  it('counts the user, whatever session: a second token of the same account shares the limit', async () => {
    stopTimeAtWindowStart();
    const subject = `shared-${Date.now()}`;
    const portal = await t.signIn({ subject });
    const extension = await t.signIn({ subject, expiresInSeconds: 1800 });
    for (let call = 0; call < PER_USER; call += 1)
      expect((await whoami(call % 2 ? portal : extension)).statusCode).toBe(200);
    expect((await whoami(portal)).statusCode).toBe(429);
    expect((await whoami(extension)).statusCode).toBe(429);
  });

  it('serves again once the window is over', async () => {
    const clock = stopTimeAtWindowStart();
    const cy = await t.signIn();
    for (let call = 0; call < PER_USER; call += 1) expect((await whoami(cy)).statusCode).toBe(200);
    clock.advance(58_000);
    const late = await whoami(cy);
    expect([late.statusCode, late.headers['retry-after']]).toEqual([429, '1']);
    clock.advance(1_000);
    const next = await whoami(cy);
    expect(next.statusCode).toBe(200);
  });

  it('counts every message of an MCP batch sent with a session', async () => {
    stopTimeAtWindowStart();
    const dee = await t.signIn();
    const batch = await mcpPings(dee.authorization, PER_USER - 1);
    expect(batch.status).toBe(200);
    // One left after the batch's four: a call is served, and a batch of two more is refused.
    expect((await whoami(dee)).statusCode).toBe(200);
    await expectBatchRefused(
      await mcpPings(dee.authorization, 2),
      'Too many requests from this account. Try again in 59 seconds.',
    );
  });
});

describe('MCP batches against a token', () => {
  it('count each message: a batch past the quota is refused whole with the JSON-RPC error', async () => {
    stopTimeAtWindowStart();
    const token = await createPat(t, await t.signIn(), ['items:read']);
    const single = await mcpPings(token.authorization, 'single');
    expect([single.status, single.headers.get('ratelimit')]).toEqual([200, '"token";r=5;t=59']);
    const batch = await mcpPings(token.authorization, 4);
    expect(batch.status).toBe(200);
    expect(await batch.json()).toHaveLength(4);
    expect(batch.headers.get('ratelimit')).toBe('"token";r=1;t=59');
    await expectBatchRefused(
      await mcpPings(token.authorization, 2),
      'Too many requests with this API token. Retry after the time in Retry-After.',
    );
  });

  it('count a batch longer than the transport answers as its longest, 100', async () => {
    stopTimeAtWindowStart();
    const token = await createPat(t, await t.signIn(), ['items:read']);
    expect((await mcpPings(token.authorization, 20_000)).status).toBe(429);
    const [counter] = await t.db
      .select({ count: apiRateCounters.count })
      .from(apiRateCounters)
      .where(eq(apiRateCounters.key, `token:${token.tokenId}`));
    expect(counter?.count).toBe(100);
  });
});

describe('a live stream', () => {
  it('counts once, when it opens, not per event', async () => {
    stopTimeAtWindowStart();
    const live = await startAuthTestApp({ env: { SESSION_RATE_LIMIT_PER_USER: '30' } });
    try {
      const url = await live.app.listen({ port: 0, host: '127.0.0.1' });
      const world = await createOrgWorld(live);
      const projectId = await createProject(live, world, 'https://live.limits.test');
      // Two members made alike; only the second opens a stream.
      const [still, watcher] = [
        await addMember(live, world, [projectId]),
        await addMember(live, world, [projectId]),
      ];
      /** Calls served before the first 429: what is left of the member's quota. */
      const callsLeft = async (as: { authorization: string }) => {
        let served = 0;
        while (
          (await live.call(as, { method: 'GET', url: '/api/account/whoami' })).statusCode === 200
        )
          served += 1;
        return served;
      };
      const stream = await openTestEventStream(
        `${url}/api/item/liveEvents/${projectId}`,
        watcher.as,
      );
      try {
        expect(stream.status).toBe(200);
        for (const title of ['One', 'Two', 'Three'])
          await createItem(live, world.admin, world, { projectId, relativePath: '/', title });
        await vi.waitFor(
          () =>
            expect(
              stream.events.filter((event) => event.data.includes('"topic":"items"')),
            ).toHaveLength(3),
          // Live events reach a stream within the feed's poll, later on a loaded machine.
          { timeout: 15_000 },
        );
      } finally {
        stream.close();
      }
      // The stream costs one request, whatever it carried.
      expect(await callsLeft(watcher.as)).toBe((await callsLeft(still.as)) - 1);
    } finally {
      await live.close();
    }
  });
});
