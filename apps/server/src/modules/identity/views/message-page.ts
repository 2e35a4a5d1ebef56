import { ACTION_LABELS } from '@waymark/core';
import { interactionPath } from '../interaction-paths';
import { html, type SafeHtml } from './html';
import { renderPage, type PageInput } from './layout';

/** "Check your e-mail" after sign-up, with a way to get the mail again. */
export function renderCheckEmailPage(input: { uid: string; csrf: string; email: string }): string {
  const body = html`<p>
      We've sent a verification link to <strong>${input.email}</strong>. Open it to finish creating
      your account.
    </p>
    <p>Can't find it? Check your spam folder, or send it again.</p>
    <form method="post" action="${interactionPath(input.uid, 'resend')}">
      <input type="hidden" name="csrf" value="${input.csrf}" />
      <input type="hidden" name="email" value="${input.email}" />
      <button type="submit" class="secondary">Resend verification e-mail</button>
    </form>
    <p class="links">
      <a href="${interactionPath(input.uid, 'login')}">Back to ${ACTION_LABELS.logIn}</a>
    </p>`;
  return renderPage({ title: 'Check your e-mail', body });
}

/** A page that only informs, with one link onwards (e.g. an expired link, a finished reset). */
export function renderMessagePage(input: {
  title: string;
  text: string;
  notice?: PageInput['notice'];
  link?: { href: string; label: string };
}): string {
  const link: SafeHtml | '' = input.link
    ? html`<p class="links"><a class="button" href="${input.link.href}">${input.link.label}</a></p>`
    : '';
  return renderPage({
    title: input.title,
    notice: input.notice,
    body: html`<p>${input.text}</p>
      ${link}`,
  });
}
