import {
  isAppError,
  PROJECTS_ADDED_MESSAGE,
  PROJECTS_REMOVED_MESSAGE,
  USER_DELETED_MESSAGE,
} from '@waymark/core';

// spec §8: the Users screen's messages, verbatim.

/** spec §8: add projects succeeded. */
export { PROJECTS_ADDED_MESSAGE, PROJECTS_REMOVED_MESSAGE, USER_DELETED_MESSAGE };
/** spec §8: add projects failed. */
export const PROJECTS_ADD_FAILED_MESSAGE = 'An error occurred while adding projects.';
/** spec §8: remove projects succeeded. */
/** spec §8: remove projects failed. */
export const PROJECTS_REMOVE_FAILED_MESSAGE = 'An error occurred while removing projects.';
/** spec §8: delete user succeeded (when the server sends no text). */
/** spec §8: delete user failed (when the server sends no text). */
export const USER_DELETE_FAILED_MESSAGE = 'There was an error deleting the user.';
/** spec §8: resend failed (when the server sends no text). */
export const RESEND_FAILED_MESSAGE = 'There was an error in the process.';
/** spec §8: the last resort of the invite failure text. */
export const UNKNOWN_ERROR_MESSAGE = 'An unknown error occurred';
/** spec §5: the User Info tab's required fields are missing. */
export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields';

/**
 * spec §8 failure text: the server's error text, else the error's message, else `fallback`
 * (the invite's 'An unknown error occurred', delete's and resend's own texts).
 */
export function failureText(error: unknown, fallback: string): string {
  if (isAppError(error) && error.message.trim() !== '') return error.message;
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return fallback;
}
