import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createJobQueue, type JobQueue } from '../../src/jobs/job-queue';
import { createTestDatabase, type TestDatabase } from '../support/helper';

// The job queue on a real database, with two queues standing for two copies of the server.
let database: TestDatabase;
const started: JobQueue[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all(started.map((queue) => queue.stop()));
  await database.close();
});

function serverCopy(
  options: { cronCheckSeconds?: number; retryDelaySeconds?: number } = {},
): JobQueue {
  const queue = createJobQueue({
    connectionString: database.databaseUrl,
    db: database.db,
    logger: { warn: () => undefined },
    ...options,
  });
  started.push(queue);
  return queue;
}

/** What the operator's query in docs/architecture.md ("Failed jobs") returns. */
async function failedJobs(): Promise<{ name: string; retry_count: number; output: unknown }[]> {
  const result = await database.db.execute<{ name: string; retry_count: number; output: unknown }>(
    sql`select name, retry_count, output from pgboss.job where state = 'failed' order by completed_on desc`,
  );
  return result.rows;
}

describe('job queue', () => {
  it('runs each job exactly once across two server copies on one database', async () => {
    const runs: number[] = [];
    const copies = [serverCopy(), serverCopy()];
    const enqueue = copies.map((copy) =>
      copy.define<{ n: number }>({
        name: 'test.count',
        handler: ({ n }) => {
          runs.push(n);
          return Promise.resolve();
        },
      }),
    );
    await Promise.all(copies.map((copy) => copy.start()));
    const numbers = Array.from({ length: 30 }, (_, n) => n);
    for (const n of numbers) await enqueue[n % 2]!(database.db, { n });

    await vi.waitFor(() => expect(runs).toHaveLength(30), { timeout: 20_000 });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect([...runs].sort((a, b) => a - b)).toEqual(numbers);
  });

  it(
    'drains a backlog without waiting out the poll between jobs',
    { timeout: 60_000 },
    async () => {
      // 40 jobs committed at once wake the worker once: at one job per 2 s poll they took 80 s
      // (decision 0139); in a burst they take a few seconds once the queue's stats show them ready.
      const runs: number[] = [];
      const worker = serverCopy();
      const enqueue = worker.define<{ n: number }>({
        name: 'test.backlog',
        handler: ({ n }) => {
          runs.push(n);
          return Promise.resolve();
        },
      });
      await worker.start();
      const startedAt = Date.now();
      await database.db.transaction(async (tx) => {
        for (let n = 0; n < 40; n += 1) await enqueue(tx, { n });
      });
      await vi.waitFor(() => expect(runs).toHaveLength(40), { timeout: 45_000, interval: 200 });
      expect(Date.now() - startedAt).toBeLessThan(30_000);
    },
  );

  it(
    'runs a scheduled job once per slot though every copy schedules it',
    { timeout: 60_000 },
    async () => {
      const runs: number[] = [];
      // Both copies look for due slots every second, so each sees the slot many times over. The
      // schedule (daily) has one slot: the minute of 15 s from now. A slot stays due for 60 s after
      // it starts, so it is due at most 15 s from now and still due 15 s from now (time for the
      // copies to start on a loaded machine), and no second slot can follow within the test.
      const copies = [serverCopy({ cronCheckSeconds: 1 }), serverCopy({ cronCheckSeconds: 1 })];
      const slot = new Date(Date.now() + 15_000);
      for (const copy of copies)
        copy.define({
          name: 'test.daily',
          cron: `${slot.getUTCMinutes()} ${slot.getUTCHours()} * * *`,
          handler: () => {
            runs.push(Date.now());
            return Promise.resolve();
          },
        });
      await Promise.all(copies.map((copy) => copy.start()));
      // Both copies' schedulers see the slot, again and again; pg-boss creates one job for it.
      await vi.waitFor(() => expect(runs.length).toBeGreaterThan(0), {
        timeout: 40_000,
        interval: 500,
      });
      await new Promise((resolve) => setTimeout(resolve, 8_000));
      expect(runs).toHaveLength(1);
    },
  );

  it('retries a failing job after its delay, up to its limit, then keeps it as failed for an operator', async () => {
    const attempts: { at: number; retryCount: number }[] = [];
    let isRemoteDown = true;
    const copy = serverCopy();
    const enqueue = copy.define<{ what: string }>({
      name: 'test.always-fails',
      retry: { limit: 2, delaySeconds: 1, maxDelaySeconds: 60 },
      handler: (_data, job) => {
        attempts.push({ at: Date.now(), retryCount: job.retryCount });
        if (!isRemoteDown) return Promise.resolve();
        return Promise.reject(new Error('the remote service said no'));
      },
    });
    await copy.start();
    await enqueue(database.db, { what: 'x' });

    await vi.waitFor(
      async () =>
        expect((await failedJobs()).map((job) => job.name)).toContain('test.always-fails'),
      { timeout: 30_000, interval: 250 },
    );
    expect(attempts.map((attempt) => attempt.retryCount)).toEqual([0, 1, 2]);
    // Backoff: never sooner than the configured first delay.
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(1000);
    expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(1000);
    const [failed] = (await failedJobs()).filter((job) => job.name === 'test.always-fails');
    expect(JSON.stringify(failed?.output)).toContain('the remote service said no');
    expect((await copy.health()).failedJobs).toBeGreaterThanOrEqual(1);

    // The operator's "run it once more" from docs/architecture.md.
    isRemoteDown = false;
    await database.db.execute(
      sql`update pgboss.job set state = 'retry', start_after = now(), retry_limit = retry_count + 1
          where name = 'test.always-fails' and state = 'failed'`,
    );
    await vi.waitFor(() => expect(attempts).toHaveLength(4), { timeout: 10_000 });
    await vi.waitFor(async () =>
      expect((await failedJobs()).map((job) => job.name)).not.toContain('test.always-fails'),
    );
  });

  it("retries after the copy's JOB_RETRY_DELAY_SECONDS instead of the kind's own first delay", async () => {
    const attempts: number[] = [];
    // The kind's own first retry would come an hour later; the copy's setting says one second.
    const copy = serverCopy({ retryDelaySeconds: 1 });
    const enqueue = copy.define<{ what: string }>({
      name: 'test.retry-delay',
      retry: { limit: 1, delaySeconds: 3600, maxDelaySeconds: 3600 },
      handler: (_data, job) => {
        attempts.push(job.retryCount);
        return job.retryCount === 0 ? Promise.reject(new Error('not yet')) : Promise.resolve();
      },
    });
    await copy.start();
    await enqueue(database.db, { what: 'x' });

    await vi.waitFor(() => expect(attempts).toEqual([0, 1]), { timeout: 15_000, interval: 250 });
  });

  it('keeps a job that is enqueued in a transaction that rolls back out of the queue', async () => {
    const runs: string[] = [];
    const copy = serverCopy();
    const enqueue = copy.define<{ what: string }>({
      name: 'test.rollback',
      handler: ({ what }) => {
        runs.push(what);
        return Promise.resolve();
      },
    });
    await copy.start();
    await expect(
      database.db.transaction(async (tx) => {
        await enqueue(tx, { what: 'rolled back' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await database.db.transaction((tx) => enqueue(tx, { what: 'committed' }));

    await vi.waitFor(() => expect(runs).toContain('committed'), { timeout: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(runs).toEqual(['committed']);
  });

  it('stores cron schedules in UTC', async () => {
    const copy = serverCopy();
    copy.define({ name: 'test.nightly', cron: '0 3 * * *', handler: () => Promise.resolve() });
    await copy.start();
    const result = await database.db.execute<{ cron: string; timezone: string }>(
      sql`select cron, timezone from pgboss.schedule where name = 'test.nightly'`,
    );
    expect(result.rows).toEqual([{ cron: '0 3 * * *', timezone: 'UTC' }]);
  });

  it("gives an existing queue the kind's current retries and time-out at start", async () => {
    const queueOf = async () =>
      (
        await database.db.execute<{ retry_limit: number; expire_seconds: number }>(
          sql`select retry_limit, expire_seconds from pgboss.queue where name = 'test.upgraded'`,
        )
      ).rows;
    const copyWith = (limit: number, timeoutSeconds: number) => {
      const copy = serverCopy();
      copy.define({
        name: 'test.upgraded',
        handler: () => Promise.resolve(),
        retry: { limit, delaySeconds: 1, maxDelaySeconds: 10 },
        timeoutSeconds,
      });
      return copy;
    };
    const before = copyWith(2, 60);
    await before.start();
    await before.stop();
    expect(await queueOf()).toEqual([{ retry_limit: 2, expire_seconds: 60 }]);
    // The next release's copy, on the same database.
    await copyWith(7, 120).start();
    expect(await queueOf()).toEqual([{ retry_limit: 7, expire_seconds: 120 }]);
  });

  it('reports itself stopped once stopped', async () => {
    const copy = serverCopy();
    await copy.start();
    expect((await copy.health()).isRunning).toBe(true);
    await copy.stop();
    expect((await copy.health()).isRunning).toBe(false);
  });
});
