import { describe, expect, it } from 'vitest';
import { AppError, isAppError } from './app-error';

describe('AppError', () => {
  it('maps codes to the HTTP statuses the API answers with', () => {
    expect(new AppError('NOT_FOUND', 'x').statusCode).toBe(404);
    expect(new AppError('PLAN_LIMIT', 'x').statusCode).toBe(409);
    expect(new AppError('UNAUTHORIZED', 'x').statusCode).toBe(401);
  });

  it('serialises to the error body shape', () => {
    expect(new AppError('BAD_REQUEST', 'Bad thing').toBody()).toEqual({
      statusCode: 400,
      code: 'BAD_REQUEST',
      message: 'Bad thing',
    });
  });

  it('answers an overload as 503 and keeps how long to wait, outside the body', () => {
    const error = new AppError('UNAVAILABLE', 'Busy', { retryAfterSeconds: 2 });
    expect([error.statusCode, error.retryAfterSeconds]).toEqual([503, 2]);
    expect(error.toBody()).toEqual({ statusCode: 503, code: 'UNAVAILABLE', message: 'Busy' });
    expect(new AppError('CONFLICT', 'x').retryAfterSeconds).toBeUndefined();
  });

  it('is recognised by isAppError and plain errors are not', () => {
    expect(isAppError(new AppError('CONFLICT', 'x'))).toBe(true);
    expect(isAppError(new Error('x'))).toBe(false);
    expect(isAppError('x')).toBe(false);
  });
});
