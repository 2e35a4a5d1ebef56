import { AppError } from '@waymark/core';
import type pg from 'pg';

/** What a call waiting too long for a database connection is answered (503, issue 34). */
export const SERVER_BUSY_MESSAGE = 'The server is busy. Try again in a moment.';

/** What a call whose statement PostgreSQL cancelled for running too long is answered (503). */
export const SERVER_TOO_SLOW_MESSAGE =
  'The server took too long to answer this request and stopped it. Try again in a moment.';

/** `Retry-After` of that answer: long enough for a burst to drain, short enough not to lose a user. */
export const SERVER_BUSY_RETRY_AFTER_SECONDS = 2;

// pg-pool's words when `connectionTimeoutMillis` passes with every connection taken, or while a
// new connection to PostgreSQL is being opened (the database itself overloaded or unreachable).
const POOL_TIMEOUT_MESSAGES = new Set([
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
]);

type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/**
 * Makes `pool` throw {@link AppError} `UNAVAILABLE` (503 + Retry-After) instead of pg-pool's plain
 * time-out error when no connection frees up in time: overload is not a server fault (500), and
 * the client should retry. Covers `pool.query` too (it connects through `pool.connect`).
 */
export function answerPoolTimeoutAsBusy(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (callback?: ConnectCallback) => unknown;
  const translate = (error: unknown): unknown =>
    error instanceof Error && POOL_TIMEOUT_MESSAGES.has(error.message)
      ? new AppError('UNAVAILABLE', SERVER_BUSY_MESSAGE, {
          retryAfterSeconds: SERVER_BUSY_RETRY_AFTER_SECONDS,
          cause: error,
        })
      : error;
  const busyAware = (callback?: ConnectCallback): unknown => {
    if (callback)
      return connect((error, client, done) => {
        callback(translate(error) as Error | undefined, client, done);
      });
    return (connect() as Promise<pg.PoolClient>).catch((error: unknown) => {
      throw translate(error);
    });
  };
  pool.connect = busyAware as typeof pool.connect;
}
