import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertAccount } from '../../src/modules/identity/accounts';
import { startIdentityAlone, type IdentityAlone } from '../support/identity-alone';
import { findForm } from '../support/identity-browser';

// Issue 24: "forgot password" answered registered addresses in 11.3 ms and unknown ones in
// 6.8 ms (median), so its timing told who has an account. The provider alone, with its limits
// out of the way.
const ROUNDS = 40;
let alone: IdentityAlone;

beforeAll(async () => {
  alone = await startIdentityAlone({
    transport: { send: () => Promise.resolve() },
    limits: {
      resetPerIp: { max: 10_000, windowSeconds: 900 },
      resetPerAccount: { max: 10_000, windowSeconds: 3600 },
    },
  });
});
afterAll(() => alone.close());

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return ((sorted[(sorted.length - 1) >> 1] ?? 0) + (sorted[sorted.length >> 1] ?? 0)) / 2;
};

it('answers forgot-password for registered and unknown addresses with the same work and time', async () => {
  const page = await alone.app.inject({ url: '/idp/interaction/timing-uid/forgot' });
  const { action, hidden } = findForm(page.body, '/forgot');
  const ask = async (email: string) => {
    const startedAt = performance.now();
    const response = await alone.app.inject({
      method: 'POST',
      url: action,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...hidden, email }).toString(),
    });
    expect(response.statusCode, response.body).toBe(200);
    return performance.now() - startedAt;
  };
  /** One trial with its own addresses: the medians of both kinds, interleaved. */
  const trial = async (name: string) => {
    const registered = Array.from(
      { length: ROUNDS + 5 },
      (_, i) => `known.${name}${i}@example.com`,
    );
    const unknown = Array.from({ length: ROUNDS + 5 }, (_, i) => `ghost.${name}${i}@example.com`);
    for (const email of registered)
      await insertAccount(alone.db, { email, firstName: 'K', lastName: 'N', passwordHash: 'x' });
    const times = { registered: [] as number[], unknown: [] as number[] };
    // Interleaved, so drift on a busy machine falls on both; the first five of each warm up.
    for (let i = 0; i < ROUNDS + 5; i += 1) {
      const [first, second] =
        i % 2 ? (['registered', 'unknown'] as const) : (['unknown', 'registered'] as const);
      const a = await ask((first === 'registered' ? registered : unknown)[i] ?? '');
      const b = await ask((second === 'registered' ? registered : unknown)[i] ?? '');
      if (i < 5) continue;
      times[first].push(a);
      times[second].push(b);
    }
    return { registered, unknown, known: median(times.registered), ghost: median(times.unknown) };
  };
  const within = ({ known, ghost }: { known: number; ghost: number }) =>
    Math.abs(known - ghost) < Math.max(1, 0.25 * Math.min(known, ghost));

  const first = await trial('a');
  // The same work: one reset job per request, whatever the address.
  const queued = await alone.db.execute<{ email: string }>(
    sql`select data->>'email' as email from pgboss.job where name = 'identity.reset-mail'`,
  );
  expect(queued.rows.map((row) => row.email).sort()).toEqual(
    [...first.registered, ...first.unknown].sort(),
  );

  // Before the fix registered addresses took 1.7-2.3 times as long (gaps of 2.6-5.4 ms here), in
  // every trial; after it, medians stay within 25%. A busy CI machine (the whole server suite runs
  // beside this file) can push one trial past that, so up to three are taken: a real difference
  // fails all three.
  const trials = [first];
  while (!within(trials.at(-1) ?? first) && trials.length < 3)
    trials.push(await trial(String.fromCharCode(97 + trials.length)));
  const last = trials.at(-1) ?? first;
  expect(
    within(last),
    trials.map((t) => `medians ${t.known.toFixed(2)} / ${t.ghost.toFixed(2)} ms`).join('; '),
  ).toBe(true);
});
