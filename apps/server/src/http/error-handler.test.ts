import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { SERVER_BUSY_MESSAGE } from '../db/pool-busy';
import { handleError } from './error-handler';

/** An app whose one route throws `error`, answered by the app's error handler. */
async function answerTo(error: unknown) {
  const app = Fastify({ logger: false });
  app.setErrorHandler(handleError);
  app.get('/fails', () => {
    throw error;
  });
  const response = await app.inject({ method: 'GET', url: '/fails' });
  await app.close();
  return response;
}

/** A driver error with SQLSTATE `code`, wrapped as drizzle wraps it. */
const databaseError = (code: string) =>
  new Error('Failed query: …', { cause: Object.assign(new Error('db'), { code }) });

describe('handleError', () => {
  it('answers a deadlock PostgreSQL broke 503 with Retry-After, not 500', async () => {
    const response = await answerTo(databaseError('40P01'));
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('2');
    expect(response.json()).toEqual({
      statusCode: 503,
      code: 'UNAVAILABLE',
      message: SERVER_BUSY_MESSAGE,
    });
  });

  it('answers any other database error 500 with nothing of it in the body', async () => {
    const response = await answerTo(databaseError('XX000'));
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      code: 'INTERNAL',
      message: 'Internal server error',
    });
  });
});
