import type { ErrorOut } from 'oidc-provider';
import type { IdentityUrls } from '../clients';
import { html, SafeHtml } from './html';
import { renderPage } from './layout';
import { renderMessagePage } from './message-page';

/**
 * Sign-out confirmation around oidc-provider's own logout form (it carries the anti-forgery
 * field), reached when a client asks to sign out without an ID token hint.
 */
export function renderLogoutPage(providerForm: string): string {
  const body = html`${new SafeHtml(providerForm)}
    <p>Do you want to sign out of Waymark on this browser?</p>
    <button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Sign out</button>
    <button type="submit" form="op.logoutForm" class="secondary">Stay signed in</button>`;
  return renderPage({ title: 'Sign out', body });
}

/** Shown after signing out when the client gave no address to return to. */
export function renderLoggedOutPage(urls: IdentityUrls): string {
  return renderMessagePage({
    title: "You're signed out",
    text: 'You have signed out of Waymark on this browser.',
    link: { href: `${new URL(urls.portalRedirectUri).origin}/client/`, label: 'Go to Waymark' },
  });
}

/** oidc-provider's error page in Waymark's look; shows the OAuth error text, never internals. */
export function renderErrorPage(out: ErrorOut, urls: IdentityUrls): string {
  const description = typeof out.error_description === 'string' ? out.error_description : undefined;
  return renderPage({
    title: 'Something went wrong',
    notice: { kind: 'error', text: description ?? 'The sign-in request could not be completed.' },
    body: html`<p>Start again from Waymark. If it keeps happening, contact support.</p>
      <p class="links">
        <a class="button" href="${`${new URL(urls.portalRedirectUri).origin}/client/`}"
          >Go to Waymark</a
        >
      </p>`,
  });
}
