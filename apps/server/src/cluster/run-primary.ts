import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import { STOP_MESSAGE } from './worker-stop';

/** What the primary of several server processes needs (issue 34: use every core). */
export type PrimaryOptions = {
  /** Worker processes to keep running (`WEB_CONCURRENCY`). */
  workers: number;
  /** Environment each worker gets on top of the primary's (the database it shares). */
  workerEnv: Record<string, string>;
  /** How long the workers may take to drain and stop on a signal before they are killed. */
  stopTimeoutMs: number;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** Runs once every worker has stopped (closes the database the primary started). */
  onStopped: () => Promise<void>;
};

// A worker that dies within this long of its start counts as a crash loop: wait before the next.
const QUICK_DEATH_MS = 5_000;
const MAX_RESTART_DELAY_MS = 30_000;

/**
 * Forks `workers` processes running this same script (each a full server copy: HTTP on the shared
 * port, change feed, live streams, job queue — the copies share only the database), restarts a
 * worker that dies, and on SIGTERM/SIGINT passes the signal on, waits for every worker to drain,
 * then calls `onStopped`. Resolves once the workers are listening.
 */
export async function runPrimary(options: PrimaryOptions): Promise<void> {
  const { logger } = options;
  let isStopping = false;
  let restartDelayMs = 0;
  const startedAt = new Map<number, number>();

  const fork = (): Worker => {
    const worker = cluster.fork(options.workerEnv);
    startedAt.set(worker.id, Date.now());
    return worker;
  };

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    if (isStopping) return;
    logger.warn(
      `worker ${worker.process.pid} died (${signal ?? `exit code ${code}`}) after ${lived} ms: starting another`,
    );
    restartDelayMs =
      lived < QUICK_DEATH_MS ? Math.min(MAX_RESTART_DELAY_MS, restartDelayMs * 2 || 500) : 0;
    setTimeout(() => {
      if (!isStopping) fork();
    }, restartDelayMs).unref();
  });

  const listening = Array.from({ length: options.workers }, () => {
    const worker = fork();
    return new Promise<void>((resolve, reject) => {
      worker.once('listening', () => resolve());
      worker.once('exit', (code) =>
        reject(new Error(`a worker exited with code ${code} while starting`)),
      );
    });
  });

  const stop = async (signal: NodeJS.Signals) => {
    if (isStopping) return;
    isStopping = true;
    logger.info(
      `${signal} received: stopping ${Object.keys(cluster.workers ?? {}).length} workers`,
    );
    const running = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
    await Promise.all(running.map((worker) => stopWorker(worker, options.stopTimeoutMs)));
    await options.onStopped();
    logger.info('Waymark stopped');
    process.exit(0);
  };
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const)
    process.on(signal, () => void stop(signal));

  try {
    await Promise.all(listening);
  } catch (error) {
    isStopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
    await options.onStopped();
    throw error;
  }
}

/** Asks one worker to drain and stop (worker-stop.ts) and waits for it, killing it when late. */
function stopWorker(worker: Worker, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (worker.isDead()) return resolve();
    const timer = setTimeout(() => worker.process.kill('SIGKILL'), timeoutMs);
    worker.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    worker.send(STOP_MESSAGE);
  });
}
