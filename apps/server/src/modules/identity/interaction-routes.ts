import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { PORTAL_HOME_PATH } from './clients';
import { createCsrfToken } from './csrf';
import { approveFirstPartyConsent } from './consent';
import type { IdentityDeps } from './identity-deps';
import {
  findInteraction,
  finishLogin,
  formField,
  hasValidCsrf,
  sendPage,
  wantsSignUp,
} from './interaction-http';
import { tooManyAttemptsMessage } from './rate-limit';
import { signIn } from './sign-in';
import { signUp } from './sign-up';
import { resendVerification } from './verify-email';
import { renderCheckEmailPage, renderMessagePage } from './views/message-page';
import { renderSignInPage, renderSignUpPage } from './views/sign-in-page';

/** What the interaction routes share. */
export type InteractionRouteContext = {
  provider: Provider;
  deps: IdentityDeps;
  /** Cookie keys, newest first: the first signs CSRF tokens, all verify. */
  secrets: string[];
};

type UidRequest = FastifyRequest<{ Params: { uid: string } }>;

/** Message of a wrong e-mail or password; the same whether or not the e-mail is registered. */
export const SIGN_IN_FAILED_MESSAGE = 'E-mail or password is incorrect.';

/**
 * The sign-in and sign-up screens of an interaction. Handlers stay thin: each parses the form,
 * calls one service and renders its answer.
 */
export function registerInteractionRoutes(
  app: FastifyInstance,
  context: InteractionRouteContext,
): void {
  const { provider, deps } = context;
  const csrfFor = (uid: string) => createCsrfToken(context.secrets[0] ?? '', uid);

  app.get('/idp/interaction/:uid', async (request: UidRequest, reply) => {
    const { uid } = request.params;
    const interaction = await findInteraction(provider, request, reply, uid);
    if (!interaction) return sendExpired(reply, deps.publicUrl);
    if (interaction.prompt.name === 'consent') {
      const returnTo = await approveFirstPartyConsent(provider, request, reply, interaction);
      return reply.redirect(returnTo, 303);
    }
    const page = wantsSignUp(interaction)
      ? renderSignUpPage({ uid, csrf: csrfFor(uid) })
      : renderSignInPage({
          uid,
          csrf: csrfFor(uid),
          email: stringParam(interaction.params.login_hint),
        });
    return sendPage(reply, 200, page);
  });

  app.get('/idp/interaction/:uid/signup', async (request: UidRequest, reply) => {
    const { uid } = request.params;
    if (!(await findInteraction(provider, request, reply, uid)))
      return sendExpired(reply, deps.publicUrl);
    return sendPage(reply, 200, renderSignUpPage({ uid, csrf: csrfFor(uid) }));
  });

  app.post('/idp/interaction/:uid/login', async (request: UidRequest, reply) => {
    const { uid } = request.params;
    if (!hasValidCsrf(context.secrets, uid, request.body))
      return sendExpired(reply, deps.publicUrl);
    if (!(await findInteraction(provider, request, reply, uid)))
      return sendExpired(reply, deps.publicUrl);
    const email = formField(request.body, 'email');
    const result = await signIn(deps, {
      email,
      password: formField(request.body, 'password'),
      ip: request.ip,
    });
    const page = (
      status: number,
      notice: { kind: 'error'; text: string },
      unverifiedEmail?: string,
    ) =>
      sendPage(
        reply,
        status,
        renderSignInPage({ uid, csrf: csrfFor(uid), email, notice, unverifiedEmail }),
      );
    switch (result.kind) {
      case 'signed-in':
        return finishLogin(provider, request, reply, result.accountId);
      case 'limited':
        reply.header('retry-after', String(result.retryAfterSeconds));
        return page(429, { kind: 'error', text: tooManyAttemptsMessage(result.retryAfterSeconds) });
      case 'unverified':
        return page(
          403,
          {
            kind: 'error',
            text: 'Verify your e-mail address to sign in. Open the link we sent you, or get a new one.',
          },
          result.email,
        );
      case 'invalid':
        return page(401, { kind: 'error', text: SIGN_IN_FAILED_MESSAGE });
    }
  });

  app.post('/idp/interaction/:uid/signup', async (request: UidRequest, reply) => {
    const { uid } = request.params;
    if (!hasValidCsrf(context.secrets, uid, request.body))
      return sendExpired(reply, deps.publicUrl);
    if (!(await findInteraction(provider, request, reply, uid)))
      return sendExpired(reply, deps.publicUrl);
    const values = {
      email: formField(request.body, 'email'),
      firstName: formField(request.body, 'firstName'),
      lastName: formField(request.body, 'lastName'),
    };
    const result = await signUp(deps, {
      ...values,
      password: formField(request.body, 'password'),
      uid,
    });
    if (result.kind === 'invalid') {
      const notice = { kind: 'error' as const, text: result.message };
      return sendPage(reply, 400, renderSignUpPage({ uid, csrf: csrfFor(uid), values, notice }));
    }
    return sendPage(
      reply,
      200,
      renderCheckEmailPage({ uid, csrf: csrfFor(uid), email: result.email }),
    );
  });

  app.post('/idp/interaction/:uid/resend', async (request: UidRequest, reply) => {
    const { uid } = request.params;
    if (!hasValidCsrf(context.secrets, uid, request.body))
      return sendExpired(reply, deps.publicUrl);
    const email = formField(request.body, 'email').trim();
    await resendVerification(deps, { email, uid });
    return sendPage(reply, 200, renderCheckEmailPage({ uid, csrf: csrfFor(uid), email }));
  });
}

/** The answer to a stale or foreign interaction: start again from the portal. */
export function sendExpired(reply: FastifyReply, publicUrl: string): FastifyReply {
  return sendPage(
    reply,
    400,
    renderMessagePage({
      title: 'This page has expired',
      text: 'For your security, sign-in pages expire after a while. Please start again from Waymark.',
      link: { href: `${publicUrl}${PORTAL_HOME_PATH}`, label: 'Go to Waymark' },
    }),
  );
}

function stringParam(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
