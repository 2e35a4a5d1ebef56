import { AppError, BAD_ITEM_STATUS, PROJECT_NOT_FOUND } from '@waymark/core';
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
const databaseError = (code: string, constraint?: string) =>
  new Error('Failed query: …', { cause: Object.assign(new Error('db'), { code, constraint }) });

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

  it('answers a row named but deleted meanwhile as its check would, other missing keys 500', async () => {
    const gone = await answerTo(databaseError('23503', 'saved_views_project_id_projects_id_fk'));
    expect([gone.statusCode, gone.json()]).toEqual([
      404,
      { statusCode: 404, code: 'NOT_FOUND', message: PROJECT_NOT_FOUND },
    ]);
    const status = await answerTo(
      databaseError('23503', 'items_item_status_id_item_statuses_id_fk'),
    );
    expect([status.statusCode, status.json()]).toEqual([
      400,
      { statusCode: 400, code: 'BAD_REQUEST', message: BAD_ITEM_STATUS },
    ]);
    const other = await answerTo(databaseError('23503', 'item_notes_author_user_id_users_id_fk'));
    expect(other.statusCode).toBe(500);
  });

  it("answers a service's AppError as it is, whatever database error it wraps", async () => {
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    const response = await answerTo(
      new AppError('PAYMENT_PROCESSING', 'Being processed.', { cause: deadlock }),
    );
    expect([response.statusCode, response.json()]).toEqual([
      402,
      { statusCode: 402, code: 'PAYMENT_PROCESSING', message: 'Being processed.' },
    ]);
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
