import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PORTAL_HOME_PATH } from './clients';
import { createCsrfToken } from './csrf';
import { peekEmailToken } from './email-tokens';
import {
  findInteraction,
  finishLogin,
  formField,
  hasValidCsrf,
  sendPage,
} from './interaction-http';
import { sendExpired, type InteractionRouteContext } from './interaction-routes';
import { interactionPath } from './interaction-paths';
import { requestPasswordReset, resetPassword } from './password-reset';
import { tooManyAttemptsMessage } from './rate-limit';
import { verifyEmail } from './verify-email';
import { renderMessagePage } from './views/message-page';
import { renderForgotPasswordPage, renderResetPasswordPage } from './views/password-pages';
import { renderSignInPage } from './views/sign-in-page';

type TokenRequest = FastifyRequest<{ Params: { uid: string }; Querystring: { token?: string } }>;

/** Same answer whether or not the address has an account (never reveal who is registered). */
export const RESET_SENT_MESSAGE = "If an account exists for that e-mail, we've sent a link.";

/**
 * Forgot password, and the two screens reached from e-mail links (verify, reset). They work
 * without a live interaction (the mail may be opened days later or in another browser); when the
 * interaction is still alive in this browser they continue the sign-in.
 */
export function registerEmailLinkRoutes(
  app: FastifyInstance,
  context: InteractionRouteContext,
): void {
  const { provider, deps } = context;
  const csrfFor = (uid: string) => createCsrfToken(context.secrets[0] ?? '', uid);
  const homeLink = { href: `${deps.publicUrl}${PORTAL_HOME_PATH}`, label: 'Go to Waymark' };

  app.get('/idp/interaction/:uid/forgot', async (request: TokenRequest, reply) => {
    const { uid } = request.params;
    return sendPage(reply, 200, renderForgotPasswordPage({ uid, csrf: csrfFor(uid) }));
  });

  app.post('/idp/interaction/:uid/forgot', async (request: TokenRequest, reply) => {
    const { uid } = request.params;
    if (!hasValidCsrf(context.secrets, uid, request.body))
      return sendExpired(reply, deps.publicUrl);
    const email = formField(request.body, 'email');
    const result = await requestPasswordReset(deps, { email, ip: request.ip, uid });
    if (result.kind === 'limited') {
      reply.header('retry-after', String(result.retryAfterSeconds));
      const notice = {
        kind: 'error' as const,
        text: tooManyAttemptsMessage(result.retryAfterSeconds),
      };
      return sendPage(
        reply,
        429,
        renderForgotPasswordPage({ uid, csrf: csrfFor(uid), email, notice }),
      );
    }
    const notice = { kind: 'success' as const, text: RESET_SENT_MESSAGE };
    return sendPage(
      reply,
      200,
      renderForgotPasswordPage({ uid, csrf: csrfFor(uid), email, notice }),
    );
  });

  app.get('/idp/interaction/:uid/verify', async (request: TokenRequest, reply) => {
    const { uid } = request.params;
    const accountId = await verifyEmail(deps, { token: request.query.token ?? '' });
    const interaction = await findInteraction(provider, request, reply, uid);
    if (accountId === undefined) {
      return sendPage(
        reply,
        400,
        renderMessagePage({
          title: 'This link has expired',
          text: 'The verification link is no longer valid: it may have been used already or be too old. Sign in to get a new one.',
          link: interaction ? { href: interactionPath(uid), label: 'Sign in' } : homeLink,
        }),
      );
    }
    if (interaction && interaction.prompt.name !== 'consent')
      return finishLogin(provider, request, reply, accountId);
    return sendPage(
      reply,
      200,
      renderMessagePage({
        title: 'E-mail address verified',
        text: 'Your e-mail address is verified. You can now sign in to Waymark.',
        notice: { kind: 'success', text: 'Your e-mail address is verified.' },
        link: homeLink,
      }),
    );
  });

  app.get('/idp/interaction/:uid/reset', async (request: TokenRequest, reply) => {
    const { uid } = request.params;
    const token = request.query.token ?? '';
    if ((await peekEmailToken(deps, { token, purpose: 'reset-password' })) === undefined) {
      return sendPage(
        reply,
        400,
        renderMessagePage({
          title: 'This link has expired',
          text: 'The password reset link is no longer valid: it may have been used already or be too old. Ask for a new one.',
          link: { href: interactionPath(uid, 'forgot'), label: 'Reset your password' },
        }),
      );
    }
    return sendPage(reply, 200, renderResetPasswordPage({ uid, csrf: csrfFor(uid), token }));
  });

  app.post('/idp/interaction/:uid/reset', async (request: TokenRequest, reply) => {
    const { uid } = request.params;
    if (!hasValidCsrf(context.secrets, uid, request.body))
      return sendExpired(reply, deps.publicUrl);
    const token = formField(request.body, 'token');
    const result = await resetPassword(deps, {
      token,
      password: formField(request.body, 'password'),
    });
    if (result.kind === 'weak-password') {
      const notice = { kind: 'error' as const, text: result.message };
      return sendPage(
        reply,
        400,
        renderResetPasswordPage({ uid, csrf: csrfFor(uid), token, notice }),
      );
    }
    if (result.kind === 'invalid-link') {
      return sendPage(
        reply,
        400,
        renderMessagePage({
          title: 'This link has expired',
          text: 'The password reset link is no longer valid. Ask for a new one.',
          link: { href: interactionPath(uid, 'forgot'), label: 'Reset your password' },
        }),
      );
    }
    const notice = {
      kind: 'success' as const,
      text: 'Your password has been changed. Sign in with your new password.',
    };
    if (await findInteraction(provider, request, reply, uid)) {
      return sendPage(reply, 200, renderSignInPage({ uid, csrf: csrfFor(uid), notice }));
    }
    return sendPage(
      reply,
      200,
      renderMessagePage({
        title: 'Password changed',
        text: 'You can now sign in to Waymark with your new password.',
        notice,
        link: homeLink,
      }),
    );
  });
}
