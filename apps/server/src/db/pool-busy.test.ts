import { isAppError } from '@waymark/core';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { answerPoolTimeoutAsBusy, SERVER_BUSY_MESSAGE } from './pool-busy';

/** A pool whose `connect` fails with `error`, in both of pg-pool's call styles. */
function failingPool(error: Error): pg.Pool {
  const pool = new pg.Pool();
  pool.connect = ((callback?: (error: Error) => void) => {
    if (callback) return void callback(error);
    return Promise.reject(error);
  }) as typeof pool.connect;
  answerPoolTimeoutAsBusy(pool);
  return pool;
}

describe('answerPoolTimeoutAsBusy', () => {
  it.each([
    'timeout exceeded when trying to connect',
    'Connection terminated due to connection timeout',
  ])('turns "%s" into UNAVAILABLE with Retry-After, promise and callback alike', async (text) => {
    const pool = failingPool(new Error(text));
    const thrown = await pool.connect().catch((error: unknown) => error);
    expect(isAppError(thrown) && [thrown.code, thrown.message, thrown.retryAfterSeconds]).toEqual([
      'UNAVAILABLE',
      SERVER_BUSY_MESSAGE,
      2,
    ]);
    const passed = await new Promise<unknown>((resolve) => {
      pool.connect((error) => resolve(error));
    });
    expect(isAppError(passed) && passed.code).toBe('UNAVAILABLE');
    // pool.query connects through pool.connect.
    const queried = await pool.query('select 1').catch((error: unknown) => error);
    expect(isAppError(queried) && queried.code).toBe('UNAVAILABLE');
  });

  it('leaves every other connection error as it is', async () => {
    const refused = new Error('connect ECONNREFUSED 127.0.0.1:5432');
    const thrown = await failingPool(refused)
      .connect()
      .catch((error: unknown) => error);
    expect(thrown).toBe(refused);
  });
});
