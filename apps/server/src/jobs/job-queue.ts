import { sql } from 'drizzle-orm';
import { fromDrizzle, PgBoss, type Job, type Queue } from 'pg-boss';
import type { DbOrTx } from '../db/client';

/** The PostgreSQL schema pg-boss keeps its tables in (see docs/architecture.md for operator queries). */
export const JOB_SCHEMA = 'pgboss';

/** How a job is retried when its handler throws or its process dies. */
export type RetryPolicy = {
  /** Attempts after the first before the job is marked `failed`. */
  limit: number;
  /** First delay; each further retry waits about twice as long (with jitter). */
  delaySeconds: number;
  /** The longest wait between two attempts. */
  maxDelaySeconds: number;
};

/** A kind of background work: its name, its handler and how it is retried. */
export type JobDefinition<T extends object> = {
  /** Queue name, `module.verb` (e.g. `mail.send`). */
  name: string;
  /**
   * Does the work. Must be idempotent: a job whose process died mid-run (or whose completion was
   * not recorded) runs again.
   */
  handler: (data: T, job: { id: string; retryCount: number }) => Promise<void>;
  /** Default: {@link DEFAULT_RETRY}. */
  retry?: RetryPolicy;
  /** How long one attempt may run before it counts as failed; default 5 minutes. */
  timeoutSeconds?: number;
  /** Run on this schedule too (five-field cron, always UTC), once per slot across all copies. */
  cron?: string;
};

/** Enqueues one job of a defined kind, inside the caller's transaction when given one. */
export type EnqueueJob<T extends object> = (executor: DbOrTx, data: T) => Promise<void>;

/** How the queue is doing, for `/readyz` and operators. */
export type JobQueueHealth = {
  /** The worker is started and its database answers. */
  isRunning: boolean;
  /** Jobs that used up their retries and wait for an operator. */
  failedJobs: number;
};

/** Durable background jobs in PostgreSQL, shared by every copy of the server on one database. */
export type JobQueue = {
  /** Declares a kind of job; call before {@link JobQueue.start}. Returns its typed enqueue function. */
  define<T extends object>(definition: JobDefinition<T>): EnqueueJob<T>;
  /** Creates the queues and schedules, then starts working. */
  start(): Promise<void>;
  /** Stops taking jobs, waits (bounded) for running ones, closes the queue's connections. */
  stop(): Promise<void>;
  /** See {@link JobQueueHealth}. */
  health(): Promise<JobQueueHealth>;
};

/** Options of {@link createJobQueue}. */
export type JobQueueOptions = {
  /** The database's connection string; the queue opens its own small pool (and one LISTEN connection). */
  connectionString: string;
  /** The app's database, for the health query. */
  db: DbOrTx;
  logger: { warn(details: Record<string, unknown>, message: string): void };
  /**
   * How often a copy looks for due cron slots; default pg-boss's 30 s. Only tests shorten it, so
   * a schedule's slot is sent seconds after it falls due instead of up to half a minute later.
   */
  cronCheckSeconds?: number;
  /** How often each copy sends a dead copy's jobs to retry; default 5 s (`JOB_SUPERVISE_SECONDS`). */
  superviseSeconds?: number;
  /**
   * Every kind's first retry delay instead of its own (`JOB_RETRY_DELAY_SECONDS`); later retries
   * still double it. Default: each kind's {@link RetryPolicy.delaySeconds}.
   */
  retryDelaySeconds?: number | undefined;
};

/** Ten retries over about an hour and a half, then `failed` for an operator. */
export const DEFAULT_RETRY: RetryPolicy = { limit: 10, delaySeconds: 5, maxDelaySeconds: 3600 };

// A dead process stops heartbeating; its job is retried HEARTBEAT + one supervise pass + its retry
// delay later. 10 s is the least heartbeat pg-boss accepts.
const HEARTBEAT_SECONDS = 10;
const SUPERVISE_SECONDS = 5;
const STOP_TIMEOUT_MS = 10_000;
// NOTIFY wakes a worker for a new job at once, but not for a retry coming due: poll for those
// every 2 s (pg-boss would otherwise wait 30 s between polls on a notified queue). A worker takes
// one job per fetch and then waits out that poll, so a backlog drained at one job per 2 s per
// copy (1,000 invitations: 33 minutes). While the queue's stats show more than one job ready,
// it fetches again at once instead; an empty fetch ends that (decision 0139).
const WORK_OPTIONS = {
  pollingIntervalSeconds: 2,
  notifyPollingIntervalSeconds: 2,
  burstWhenReadyExceeds: 1,
};

/**
 * Creates the job queue on pg-boss (why pg-boss: docs/decisions.md 0005). Nothing runs
 * until {@link JobQueue.start}; enqueueing writes a row through the caller's own transaction, so a
 * job exists exactly when the change that asked for it committed.
 */
export function createJobQueue(options: JobQueueOptions): JobQueue {
  // Set on each job and schedule, not on the queue: it is this copy's setting (its environment),
  // and the queue is shared by every copy.
  const retryDelay = options.retryDelaySeconds && { retryDelay: options.retryDelaySeconds };
  const boss = new PgBoss({
    connectionString: options.connectionString,
    schema: JOB_SCHEMA,
    max: 3,
    application_name: 'waymark-jobs',
    useListenNotify: true,
    superviseIntervalSeconds: options.superviseSeconds ?? SUPERVISE_SECONDS,
    monitorIntervalSeconds: options.superviseSeconds ?? SUPERVISE_SECONDS,
    // The ready counts a burst is decided on (WORK_OPTIONS), read as often as the monitor counts.
    queueCacheIntervalSeconds: options.superviseSeconds ?? SUPERVISE_SECONDS,
    ...(options.cronCheckSeconds && {
      cronMonitorIntervalSeconds: options.cronCheckSeconds,
      cronWorkerIntervalSeconds: options.cronCheckSeconds,
    }),
    openTelemetry: { enabled: false },
  });
  boss.on('error', (error) => options.logger.warn({ err: error }, 'job queue error'));
  const definitions = new Map<string, JobDefinition<object>>();
  let isRunning = false;
  let isStarted = false;

  return {
    define<T extends object>(definition: JobDefinition<T>): EnqueueJob<T> {
      if (isRunning) throw new Error(`Job ${definition.name} defined after the queue started`);
      definitions.set(definition.name, definition as unknown as JobDefinition<object>);
      return async (executor, data) => {
        await boss.send(definition.name, data, { db: fromDrizzle(executor, sql), ...retryDelay });
      };
    },
    async start() {
      isStarted = true;
      await boss.start();
      for (const definition of definitions.values()) {
        // createQueue keeps an existing queue as it was first created: a release that changes a
        // kind's retries or time-out reaches a database that has the queue only through updateQueue.
        const queue = queueOptions(definition);
        await boss.createQueue(definition.name, queue);
        await boss.updateQueue(definition.name, queue);
        await boss.work<object>(definition.name, WORK_OPTIONS, async ([job]: Job<object>[]) => {
          if (!job) return;
          await definition.handler(job.data, { id: job.id, retryCount: job.retryCount });
        });
        if (definition.cron)
          await boss.schedule(definition.name, definition.cron, null, { tz: 'UTC', ...retryDelay });
      }
      isRunning = true;
    },
    async stop() {
      isRunning = false;
      if (isStarted) await boss.stop({ graceful: true, timeout: STOP_TIMEOUT_MS });
    },
    async health() {
      if (!isRunning) return { isRunning: false, failedJobs: 0 };
      try {
        const result = await options.db.execute<{ failed: number }>(
          sql`select count(*)::int as failed from ${sql.identifier(JOB_SCHEMA)}.job where state = 'failed'`,
        );
        return { isRunning: true, failedJobs: result.rows[0]?.failed ?? 0 };
      } catch {
        return { isRunning: false, failedJobs: 0 };
      }
    },
  };
}

function queueOptions(definition: JobDefinition<object>): Omit<Queue, 'name'> {
  const retry = definition.retry ?? DEFAULT_RETRY;
  return {
    retryLimit: retry.limit,
    retryDelay: retry.delaySeconds,
    retryBackoff: true,
    retryDelayMax: retry.maxDelaySeconds,
    expireInSeconds: definition.timeoutSeconds ?? 300,
    heartbeatSeconds: HEARTBEAT_SECONDS,
    notify: true,
  };
}
