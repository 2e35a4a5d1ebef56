import { describe, expect, it } from 'vitest';
import { answerConcurrentChange } from './concurrent-change';
import { SERVER_BUSY_MESSAGE } from './pool-busy';

/** A driver error with SQLSTATE `code`, wrapped as drizzle wraps it. */
const wrapped = (code: string) =>
  new Error('Failed query: update …', { cause: Object.assign(new Error('db'), { code }) });

describe('answerConcurrentChange', () => {
  it.each(['40P01', '40001'])('answers SQLSTATE %s as UNAVAILABLE with Retry-After', (code) => {
    const answer = answerConcurrentChange(wrapped(code));
    expect(answer && [answer.code, answer.message, answer.retryAfterSeconds]).toEqual([
      'UNAVAILABLE',
      SERVER_BUSY_MESSAGE,
      2,
    ]);
  });

  it('leaves every other error alone', () => {
    for (const error of [
      wrapped('23503'),
      wrapped('23505'),
      wrapped('57014'),
      new Error('plain'),
      'text',
    ])
      expect(answerConcurrentChange(error)).toBeUndefined();
  });
});
