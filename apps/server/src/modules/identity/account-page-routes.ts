import { PORTAL_LINKS } from '@waymark/core';
import type { FastifyInstance } from 'fastify';
import type { Provider } from 'oidc-provider';
import { findAccountById } from './accounts';
import { PORTAL_HOME_PATH } from './clients';
import type { IdentityDeps } from './identity-deps';
import { sendPage } from './interaction-http';
import { renderAccountPage } from './views/account-page';
import { renderMessagePage } from './views/message-page';

/** The account page's path, under the provider's mount (`/idp`). */
export const ACCOUNT_PAGE_PATH = '/idp/account';

/**
 * Issue 33: `GET /idp/account`, the provider's own account page, for the browser's signed-in
 * provider session (its `_session` cookie, read through oidc-provider's own Session model, so an
 * ended or revoked session shows no one). Without a session it says so and links to the portal,
 * whose sign-in comes back here.
 */
export function registerAccountPage(
  app: FastifyInstance,
  context: { provider: Provider; deps: IdentityDeps },
): void {
  const { provider, deps } = context;
  const portal = (path: string) => `${deps.publicUrl}${path}`;
  app.get(ACCOUNT_PAGE_PATH, async (request, reply) => {
    const session = await provider.Session.get({
      req: request.raw,
      res: reply.raw,
      secure: request.protocol === 'https',
    } as unknown as Parameters<typeof provider.Session.get>[0]);
    const account = session.accountId
      ? await findAccountById(deps.db, Number(session.accountId))
      : undefined;
    if (!account)
      return sendPage(
        reply,
        401,
        renderMessagePage({
          title: 'Sign in to see your account',
          text: 'You are not signed in to Waymark in this browser, or your session has ended.',
          link: { href: portal(PORTAL_LINKS.yourData), label: 'Sign in to Waymark' },
        }),
      );
    return sendPage(
      reply,
      200,
      renderAccountPage({
        name: `${account.firstName} ${account.lastName}`.trim(),
        email: account.email,
        links: {
          yourData: portal(PORTAL_LINKS.yourData),
          deleteAccount: portal(PORTAL_LINKS.deleteAccount),
          portal: portal(PORTAL_HOME_PATH),
        },
      }),
    );
  });
}
