import { ILL_FORMED_TEXT_MESSAGE, NUL_CHARACTER_MESSAGE, isStorableText } from '@waymark/core';
import { PASSWORD_MAX_LENGTH } from './password';

/** A form field the identity screens read. */
export type FormFieldName = 'email' | 'firstName' | 'lastName' | 'password' | 'token';

/** Why a submitted field cannot be used as sent, and which field it is. */
export type FormProblem = { field: FormFieldName; message: string };

/** E-mail addresses: RFC 5321 allows at most 254 characters in a path. */
export const EMAIL_MAX_LENGTH = 254;
/** First and last names. */
export const NAME_MAX_LENGTH = 100;
/** Single-use tokens from mailed links (ours are 43 characters). */
const TOKEN_MAX_LENGTH = 200;

const TOO_LONG: Record<FormFieldName, string> = {
  email: `Enter an e-mail address of at most ${EMAIL_MAX_LENGTH} characters.`,
  firstName: `Names can have at most ${NAME_MAX_LENGTH} characters.`,
  lastName: `Names can have at most ${NAME_MAX_LENGTH} characters.`,
  password: `Choose a shorter password. Use at most ${PASSWORD_MAX_LENGTH} characters.`,
  token: 'This link is not valid.',
};

// The password's own length rule answers on sign-up and reset; on sign-in a longer value simply
// cannot match, but it is still refused before it is hashed.
const MAX_LENGTH: Record<FormFieldName, number> = {
  email: EMAIL_MAX_LENGTH,
  firstName: NAME_MAX_LENGTH,
  lastName: NAME_MAX_LENGTH,
  password: PASSWORD_MAX_LENGTH,
  token: TOKEN_MAX_LENGTH,
};

/**
 * The first of `fields` in `values` that the API's text rules refuse (issue 9): a NUL character,
 * ill-formed Unicode, or more than the field's length. The screens answer it as a 400 with the
 * message on the form, before any service, database or hash sees the value.
 */
export function findFormProblem(
  values: Partial<Record<FormFieldName, string>>,
  fields: readonly FormFieldName[],
): FormProblem | undefined {
  for (const field of fields) {
    const value = values[field] ?? '';
    if (!isStorableText(value)) {
      const message = value.includes('\u0000') ? NUL_CHARACTER_MESSAGE : ILL_FORMED_TEXT_MESSAGE;
      return { field, message };
    }
    if (value.trim().length > MAX_LENGTH[field]) return { field, message: TOO_LONG[field] };
  }
  return undefined;
}
