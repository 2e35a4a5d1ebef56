import { ACTION_LABELS, RETIRED_ACTION_LABELS } from '@waymark/core';
import { describe, expect, it } from 'vitest';
import type { IdentityUrls } from '../clients';
import { renderCheckEmailPage } from './message-page';
import { renderForgotPasswordPage, renderResetPasswordPage } from './password-pages';
import { renderErrorPage, renderLoggedOutPage, renderLogoutPage } from './provider-pages';
import { renderSignInPage, renderSignUpPage } from './sign-in-page';

const urls = { portalRedirectUri: 'https://waymark.test/client/auth/callback' } as IdentityUrls;
const ids = { uid: 'u1', csrf: 'c1' };

const SCREENS = {
  signIn: renderSignInPage({
    ...ids,
    unverifiedEmail: 'a@b.test',
    notice: { kind: 'error', text: 'x' },
  }),
  signUp: renderSignUpPage(ids),
  checkEmail: renderCheckEmailPage({ ...ids, email: 'a@b.test' }),
  forgot: renderForgotPasswordPage(ids),
  reset: renderResetPasswordPage({ ...ids, token: 't' }),
  logout: renderLogoutPage('<form id="op.logoutForm"></form>', { isConfirmedByClient: false }),
  loggedOut: renderLoggedOutPage(urls),
  error: renderErrorPage({ error: 'invalid_request' }, urls),
};

/** The texts of a page's `tag` elements (links, buttons), as a browser shows them. */
const textsOf = (page: string, tag: 'a' | 'button') =>
  [...page.matchAll(new RegExp(`<${tag}\\b[^>]*>([^<]*)</${tag}\\s*>`, 'g'))].map((match) =>
    match[1]?.trim(),
  );
const linkTexts = (page: string) => textsOf(page, 'a');

// Issue 25: the provider said "Sign in" where the portal, extension and guide say "Log In".
describe("the provider's screens", () => {
  it.each(Object.entries(SCREENS))('%s uses no retired spelling of an action', (_name, page) => {
    const text = page.replace(/<[^>]*>/g, ' ');
    for (const retired of RETIRED_ACTION_LABELS) expect(text).not.toContain(retired);
    expect(text).not.toMatch(/\bsign(ed)? (in|out)\b/i);
  });

  it('name their headings, buttons and links with the product words', () => {
    expect(SCREENS.signIn).toContain(`<h1>${ACTION_LABELS.logIn} to Waymark</h1>`);
    expect(textsOf(SCREENS.signIn, 'button')).toContain(ACTION_LABELS.logIn);
    expect(linkTexts(SCREENS.signIn)).toContain('New to Waymark? Sign Up');
    expect(SCREENS.signUp).toContain(`<h1>${ACTION_LABELS.signUp} for Waymark</h1>`);
    expect(textsOf(SCREENS.signUp, 'button')).toContain(ACTION_LABELS.signUp);
    expect(linkTexts(SCREENS.signUp)).toContain('Already have an account? Log In');
    expect(linkTexts(SCREENS.forgot)).toContain('Back to Log In');
    expect(textsOf(SCREENS.logout, 'button')).toContain(ACTION_LABELS.logout);
  });
});
