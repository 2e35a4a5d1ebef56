import { ACTION_LABELS } from '@waymark/core';
import { PASSWORD_MIN_LENGTH } from '../password';
import type { SignUpField } from '../sign-up';
import { interactionPath } from '../interaction-paths';
import { field, form } from './form';
import { html } from './html';
import { renderPage, type PageInput } from './layout';

/** Heading of the sign-in screen, in the product's words (spec §2's Log In; issue 25). */
export const LOG_IN_TITLE = `${ACTION_LABELS.logIn} to Waymark`;

/** Heading of the sign-up screen, in the product's words (spec §2's Sign Up). */
export const SIGN_UP_TITLE = `${ACTION_LABELS.signUp} for Waymark`;

/** What the sign-in screen shows. */
export type SignInPageInput = {
  uid: string;
  csrf: string;
  email?: string;
  notice?: PageInput['notice'];
  /** Set when the password was right but the address is unverified: offers to resend the mail. */
  unverifiedEmail?: string;
};

/** The sign-in screen: e-mail and password, with links to sign up and to reset the password. */
export function renderSignInPage(input: SignInPageInput): string {
  const resend = input.unverifiedEmail
    ? html`<form method="post" action="${interactionPath(input.uid, 'resend')}">
        <input type="hidden" name="csrf" value="${input.csrf}" />
        <input type="hidden" name="email" value="${input.unverifiedEmail}" />
        <button type="submit" class="secondary">Resend verification e-mail</button>
      </form>`
    : '';
  // After a failed attempt the focus is back in the password, which the error describes.
  const isFailed = input.notice?.kind === 'error' && !input.unverifiedEmail;
  const body = html`${form(
      interactionPath(input.uid, 'login'),
      input.csrf,
      html`${field({ label: 'E-mail', name: 'email', type: 'email', autocomplete: 'username', value: input.email, isAutofocus: !input.email })}
      ${field({ label: 'Password', name: 'password', type: 'password', autocomplete: 'current-password', isAutofocus: Boolean(input.email), isInvalid: isFailed })}`,
      ACTION_LABELS.logIn,
    )}
    ${resend}
    <p class="links">
      <a href="${interactionPath(input.uid, 'forgot')}">Forgot your password?</a>
      <a href="${interactionPath(input.uid, 'signup')}">New to Waymark? ${ACTION_LABELS.signUp}</a>
    </p>`;
  return renderPage({ title: LOG_IN_TITLE, body, notice: input.notice });
}

/** The sign-up screen: e-mail, names and a password that follows the stated rule. */
export function renderSignUpPage(input: {
  uid: string;
  csrf: string;
  values?: { email?: string; firstName?: string; lastName?: string };
  notice?: PageInput['notice'];
  /** The field the error notice is about: it gets the focus and is marked invalid. */
  invalidField?: SignUpField;
}): string {
  const values = input.values ?? {};
  const focus = input.invalidField ?? 'email';
  const state = (name: SignUpField) => ({
    isAutofocus: focus === name,
    isInvalid: input.invalidField === name,
  });
  const body = html`${form(
      interactionPath(input.uid, 'signup'),
      input.csrf,
      html`${field({ label: 'E-mail', name: 'email', type: 'email', autocomplete: 'email', value: values.email, ...state('email') })}
      ${field({ label: 'First name', name: 'firstName', type: 'text', autocomplete: 'given-name', value: values.firstName, ...state('firstName') })}
      ${field({ label: 'Last name', name: 'lastName', type: 'text', autocomplete: 'family-name', value: values.lastName, ...state('lastName') })}
      ${field({ label: 'Password', name: 'password', type: 'password', autocomplete: 'new-password', hint: `At least ${PASSWORD_MIN_LENGTH} characters.`, ...state('password') })}`,
      ACTION_LABELS.signUp,
    )}
    <p class="links">
      <a href="${interactionPath(input.uid, 'login')}"
        >Already have an account? ${ACTION_LABELS.logIn}</a
      >
    </p>`;
  return renderPage({ title: SIGN_UP_TITLE, body, notice: input.notice });
}
