import { html } from './html';
import { renderPage } from './layout';

/** The portal pages the account page links to, as absolute URLs. */
export type AccountPageLinks = { yourData: string; deleteAccount: string; portal: string };

/**
 * Issue 33: the provider's own account page — who is signed in, and where to take their data
 * out or delete the account (both portal pages, which ask for what they need).
 */
export function renderAccountPage(input: {
  name: string;
  email: string;
  links: AccountPageLinks;
}): string {
  const body = html`<dl class="facts">
      <dt>Name</dt>
      <dd>${input.name || 'No name given'}</dd>
      <dt>E-mail</dt>
      <dd>${input.email}</dd>
    </dl>
    <p class="links">
      <a class="button" href="${input.links.yourData}">Export my data</a>
      <a class="button danger" href="${input.links.deleteAccount}">Delete my account</a>
      <a href="${input.links.portal}">Back to Waymark</a>
    </p>`;
  return renderPage({ title: 'Your account', body });
}
