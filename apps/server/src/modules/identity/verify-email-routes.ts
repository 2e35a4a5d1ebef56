import { ACTION_LABELS } from '@waymark/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PORTAL_HOME_PATH } from './clients';
import { findInteraction, finishLogin, sendPage } from './interaction-http';
import { interactionPath } from './interaction-paths';
import type { InteractionRouteContext } from './interaction-routes';
import { verifyEmail } from './verify-email';
import { renderMessagePage } from './views/message-page';

type TokenRequest = FastifyRequest<{ Params: { uid: string }; Querystring: { token?: string } }>;

/**
 * The verification link of the sign-up mail. It works without a live interaction (the mail may
 * be opened later or in another browser); when the sign-in is still open in this browser, it
 * continues straight into the app.
 */
export function registerVerifyEmailRoutes(
  app: FastifyInstance,
  context: InteractionRouteContext,
): void {
  const { provider, deps } = context;
  const homeLink = { href: `${deps.publicUrl}${PORTAL_HOME_PATH}`, label: 'Go to Waymark' };

  app.get('/idp/interaction/:uid/verify', async (request: TokenRequest, reply) => {
    const { uid } = request.params;
    const accountId = await verifyEmail(deps, { token: request.query.token ?? '' });
    const interaction = await findInteraction(provider, request, reply, uid);
    if (accountId === undefined) {
      const link = interaction
        ? { href: interactionPath(uid, 'login'), label: ACTION_LABELS.logIn }
        : homeLink;
      const text =
        'The verification link is no longer valid: it may have been used already or be too old. Sign in to get a new one.';
      return sendPage(
        reply,
        400,
        renderMessagePage({ title: 'This link has expired', text, link }),
      );
    }
    if (interaction && interaction.prompt.name !== 'consent') {
      return finishLogin(provider, request, reply, accountId);
    }
    const page = renderMessagePage({
      title: 'E-mail address verified',
      text: 'Your e-mail address is verified. You can now log in to Waymark.',
      notice: { kind: 'success', text: 'Your e-mail address is verified.' },
      link: homeLink,
    });
    return sendPage(reply, 200, page);
  });
}
