import { ACTION_LABELS } from '@waymark/core';
import type { ErrorOut } from 'oidc-provider';
import type { IdentityUrls } from '../clients';
import { html, SafeHtml } from './html';
import { renderPage } from './layout';
import { renderMessagePage } from './message-page';

// Submits the confirmation as "Logout" when scripts run; without them the buttons remain.
const AUTO_SIGN_OUT_SCRIPT =
  "(function(){var f=document.getElementById('op.logoutForm');var i=document.createElement('input');i.type='hidden';i.name='logout';i.value='yes';f.appendChild(i);f.submit();})();";
const AUTO_SIGN_OUT = new SafeHtml(`<script>${AUTO_SIGN_OUT_SCRIPT}</script>`);

/** The only inline scripts the /idp pages carry, for their Content-Security-Policy. */
export const IDP_INLINE_SCRIPTS: readonly string[] = [AUTO_SIGN_OUT_SCRIPT];

/**
 * Sign-out confirmation around oidc-provider's own logout form (it carries the anti-forgery
 * field). When the request proves it comes from the signed-in user's own app (a valid
 * `id_token_hint` for the current account), the page confirms itself, so the portal's Logout
 * lands straight back on its home page (spec §2).
 *
 * @param options.isConfirmedByClient true to submit "Logout" automatically.
 */
export function renderLogoutPage(
  providerForm: string,
  options: { isConfirmedByClient: boolean },
): string {
  const body = html`${new SafeHtml(providerForm)}
    <p>Do you want to log out of Waymark on this browser?</p>
    <button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>
      ${ACTION_LABELS.logout}
    </button>
    <button type="submit" form="op.logoutForm" class="secondary">Stay logged in</button>
    ${options.isConfirmedByClient ? AUTO_SIGN_OUT : ''}`;
  return renderPage({ title: ACTION_LABELS.logout, body });
}

/** Shown after signing out when the client gave no address to return to. */
export function renderLoggedOutPage(urls: IdentityUrls): string {
  return renderMessagePage({
    title: "You're logged out",
    text: 'You have logged out of Waymark on this browser.',
    link: { href: `${new URL(urls.portalRedirectUri).origin}/client/`, label: 'Go to Waymark' },
  });
}

/** oidc-provider's error page in Waymark's look; shows the OAuth error text, never internals. */
export function renderErrorPage(out: ErrorOut, urls: IdentityUrls): string {
  const description = typeof out.error_description === 'string' ? out.error_description : undefined;
  return renderPage({
    title: 'Something went wrong',
    notice: { kind: 'error', text: description ?? 'The log-in request could not be completed.' },
    body: html`<p>Start again from Waymark. If it keeps happening, contact support.</p>
      <p class="links">
        <a class="button" href="${`${new URL(urls.portalRedirectUri).origin}/client/`}"
          >Go to Waymark</a
        >
      </p>`,
  });
}
