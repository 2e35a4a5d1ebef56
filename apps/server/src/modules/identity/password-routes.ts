import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PORTAL_HOME_PATH } from './clients';
import { createCsrfToken } from './csrf';
import { peekEmailToken } from './email-tokens';
import { findFormProblem } from './form-input';
import { findInteraction, formField, sendLimited, sendPage } from './interaction-http';
import { interactionPath } from './interaction-paths';
import type { InteractionRouteContext } from './interaction-routes';
import { requestPasswordReset, resetPassword } from './password-reset';
import type { EnqueueResetMail } from './reset-mail-job';
import type { Notice } from './views/layout';
import { renderMessagePage } from './views/message-page';
import { renderForgotPasswordPage, renderResetPasswordPage } from './views/password-pages';
import { renderSignInPage } from './views/sign-in-page';

type TokenRequest = FastifyRequest<{ Params: { uid: string }; Querystring: { token?: string } }>;

/** Same answer whether or not the address has an account (never reveal who is registered). */
export const RESET_SENT_MESSAGE = "If an account exists for that e-mail, we've sent a link.";

const PASSWORD_CHANGED = 'Your password has been changed. Log in with your new password.';

/**
 * Forgot password and the reset link of its mail. Both work without a live interaction; after a
 * reset in the browser that is still signing in, the sign-in screen comes back.
 */
export function registerPasswordRoutes(
  app: FastifyInstance,
  context: InteractionRouteContext & { enqueueResetMail: EnqueueResetMail },
): void {
  const { provider, deps, enqueueResetMail } = context;
  const csrfFor = (uid: string) => createCsrfToken(context.secrets[0] ?? '', uid);

  app.get('/idp/interaction/:uid/forgot', async (request: TokenRequest, reply) => {
    const { uid } = request.params;
    return sendPage(reply, 200, renderForgotPasswordPage({ uid, csrf: csrfFor(uid) }));
  });

  app.post('/idp/interaction/:uid/forgot', async (request: TokenRequest, reply) => {
    const { uid } = request.params;
    const email = formField(request.body, 'email');
    const problem = findFormProblem({ email }, ['email']);
    if (problem) {
      const notice = { kind: 'error' as const, text: problem.message };
      return sendPage(reply, 400, renderForgotPasswordPage({ uid, csrf: csrfFor(uid), notice }));
    }
    const result = await requestPasswordReset(
      { ...deps, enqueueResetMail },
      { email, ip: request.ip, uid },
    );
    const render = (notice: Notice) =>
      renderForgotPasswordPage({ uid, csrf: csrfFor(uid), email, notice });
    if (result.kind === 'limited') return sendLimited(reply, result.retryAfterSeconds, render);
    return sendPage(reply, 200, render({ kind: 'success', text: RESET_SENT_MESSAGE }));
  });

  app.get('/idp/interaction/:uid/reset', async (request: TokenRequest, reply) => {
    const { uid } = request.params;
    const token = request.query.token ?? '';
    const accountId = await peekEmailToken(deps, { token, purpose: 'reset-password' });
    if (accountId === undefined) return sendResetLinkExpired(reply, uid);
    return sendPage(reply, 200, renderResetPasswordPage({ uid, csrf: csrfFor(uid), token }));
  });

  app.post('/idp/interaction/:uid/reset', async (request: TokenRequest, reply) => {
    const { uid } = request.params;
    const token = formField(request.body, 'token');
    const password = formField(request.body, 'password');
    if (findFormProblem({ token }, ['token'])) return sendResetLinkExpired(reply, uid);
    const problem = findFormProblem({ password }, ['password']);
    const result = problem
      ? { kind: 'weak-password' as const, message: problem.message }
      : await resetPassword(deps, { token, password });
    if (result.kind === 'invalid-link') return sendResetLinkExpired(reply, uid);
    if (result.kind === 'weak-password') {
      const notice = { kind: 'error' as const, text: result.message };
      return sendPage(
        reply,
        400,
        renderResetPasswordPage({ uid, csrf: csrfFor(uid), token, notice }),
      );
    }
    const notice = { kind: 'success' as const, text: PASSWORD_CHANGED };
    if (await findInteraction(provider, request, reply, uid)) {
      return sendPage(reply, 200, renderSignInPage({ uid, csrf: csrfFor(uid), notice }));
    }
    const link = { href: `${deps.publicUrl}${PORTAL_HOME_PATH}`, label: 'Go to Waymark' };
    const text = 'You can now log in to Waymark with your new password.';
    return sendPage(
      reply,
      200,
      renderMessagePage({ title: 'Password changed', text, notice, link }),
    );
  });
}

function sendResetLinkExpired(reply: FastifyReply, uid: string): FastifyReply {
  const page = renderMessagePage({
    title: 'This link has expired',
    text: 'The password reset link is no longer valid: it may have been used already or be too old. Ask for a new one.',
    link: { href: interactionPath(uid, 'forgot'), label: 'Reset your password' },
  });
  return sendPage(reply, 400, page);
}
