import { ACTION_LABELS } from '@waymark/core';
import { PASSWORD_MIN_LENGTH } from '../password';
import { interactionPath } from '../interaction-paths';
import { field, form } from './form';
import { html } from './html';
import { renderPage, type PageInput } from './layout';

/** "Forgot password": asks for the e-mail address to send a reset link to. */
export function renderForgotPasswordPage(input: {
  uid: string;
  csrf: string;
  email?: string;
  notice?: PageInput['notice'];
}): string {
  const body = html`<p>
      Enter the e-mail address of your account and we'll send you a link to choose a new password.
    </p>
    ${form(
      interactionPath(input.uid, 'forgot'),
      input.csrf,
      field({
        label: 'E-mail',
        name: 'email',
        type: 'email',
        autocomplete: 'email',
        value: input.email,
        isAutofocus: true,
      }),
      'Send reset link',
    )}
    <p class="links">
      <a href="${interactionPath(input.uid, 'login')}">Back to ${ACTION_LABELS.logIn}</a>
    </p>`;
  return renderPage({ title: 'Reset your password', body, notice: input.notice });
}

/** "Choose a new password", reached from the reset e-mail; the token travels in a hidden field. */
export function renderResetPasswordPage(input: {
  uid: string;
  csrf: string;
  token: string;
  notice?: PageInput['notice'];
}): string {
  const body = form(
    interactionPath(input.uid, 'reset'),
    input.csrf,
    html`<input type="hidden" name="token" value="${input.token}" />
      ${field({ label: 'New password', name: 'password', type: 'password', autocomplete: 'new-password', hint: `At least ${PASSWORD_MIN_LENGTH} characters.`, isAutofocus: true, isInvalid: input.notice?.kind === 'error' })}`,
    'Set new password',
  );
  return renderPage({ title: 'Choose a new password', body, notice: input.notice });
}
