import { isAppError, type ErrorCode } from '@waymark/core';

/** spec §8: what a failed save says when neither the server nor the error has any text. */
export const UNKNOWN_ERROR_MESSAGE = 'An unknown error occurred';

/**
 * What each error code says when the server sent no text of its own: the one map from the
 * server's codes to the words of the admin screens (issue 11).
 */
export const ERROR_CODE_MESSAGES: Partial<Record<ErrorCode, string>> = {
  UNAUTHORIZED: 'Sign in to continue.',
  FORBIDDEN: 'Only administrators of this organization can do this.',
  NOT_FOUND: 'This was not found. It may have been deleted meanwhile.',
  PLAN_LIMIT: 'Your plan does not include this. Upgrade your plan on the Account screen.',
  RATE_LIMITED: 'Too many requests. Wait a moment and try again.',
};

/**
 * spec §8: a failure shows the server's error text, else the error's message, else
 * "An unknown error occurred". The API client puts the server's text in an AppError's message;
 * an AppError without text falls back to its code's words.
 */
export function getErrorMessage(error: unknown): string {
  if (isAppError(error))
    return error.message.trim() || ERROR_CODE_MESSAGES[error.code] || UNKNOWN_ERROR_MESSAGE;
  if (error instanceof Error && error.message.trim()) return error.message;
  if (typeof error === 'string' && error.trim()) return error;
  return UNKNOWN_ERROR_MESSAGE;
}
