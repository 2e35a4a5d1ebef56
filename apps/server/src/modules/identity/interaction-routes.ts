import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { PORTAL_HOME_PATH } from './clients';
import { approveFirstPartyConsent } from './consent';
import { createCsrfToken } from './csrf';
import type { IdentityDeps } from './identity-deps';
import {
  findInteraction,
  finishLogin,
  formField,
  sendLimited,
  sendPage,
  wantsSignUp,
} from './interaction-http';
import { signIn, type SignInResult } from './sign-in';
import { signUp, type SignUpField } from './sign-up';
import { findFormProblem, type FormFieldName } from './form-input';
import { resendVerification } from './verify-email';
import type { Notice } from './views/layout';
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

const UNVERIFIED_MESSAGE =
  'Verify your e-mail address to log in. Open the link we sent you, or get a new one.';

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
  const live = (request: UidRequest, reply: FastifyReply) =>
    findInteraction(provider, request, reply, request.params.uid);

  app.get('/idp/interaction/:uid', async (request: UidRequest, reply) => {
    const { uid } = request.params;
    const interaction = await live(request, reply);
    if (!interaction) return sendExpired(reply, deps.publicUrl);
    if (interaction.prompt.name === 'consent') {
      return reply.redirect(
        await approveFirstPartyConsent(provider, request, reply, interaction),
        303,
      );
    }
    const email = loginHintOf(interaction);
    const page = wantsSignUp(interaction)
      ? renderSignUpPage({ uid, csrf: csrfFor(uid), values: { email } })
      : renderSignInPage({ uid, csrf: csrfFor(uid), email });
    return sendPage(reply, 200, page);
  });

  app.get('/idp/interaction/:uid/signup', async (request: UidRequest, reply) => {
    const { uid } = request.params;
    const interaction = await live(request, reply);
    if (!interaction) return sendExpired(reply, deps.publicUrl);
    const email = loginHintOf(interaction);
    return sendPage(reply, 200, renderSignUpPage({ uid, csrf: csrfFor(uid), values: { email } }));
  });

  // The sign-in screen by name, for "Already have an account?" when sign-up was requested.
  app.get('/idp/interaction/:uid/login', async (request: UidRequest, reply) => {
    const { uid } = request.params;
    const interaction = await live(request, reply);
    if (!interaction) return sendExpired(reply, deps.publicUrl);
    const email = loginHintOf(interaction);
    return sendPage(reply, 200, renderSignInPage({ uid, csrf: csrfFor(uid), email }));
  });

  app.post('/idp/interaction/:uid/login', async (request: UidRequest, reply) => {
    const { uid } = request.params;
    if (!(await live(request, reply))) return sendExpired(reply, deps.publicUrl);
    const email = formField(request.body, 'email');
    const password = formField(request.body, 'password');
    const problem = findFormProblem({ email, password }, ['email', 'password']);
    if (problem) {
      const notice = { kind: 'error' as const, text: problem.message };
      const shownEmail = problem.field === 'email' ? '' : email;
      return sendPage(
        reply,
        400,
        renderSignInPage({ uid, csrf: csrfFor(uid), email: shownEmail, notice }),
      );
    }
    const result = await signIn(deps, { email, password, ip: request.ip });
    if (result.kind === 'signed-in') return finishLogin(provider, request, reply, result.accountId);
    const render = (notice: Notice) =>
      renderSignInPage({
        uid,
        csrf: csrfFor(uid),
        email,
        notice,
        unverifiedEmail: unverifiedOf(result),
      });
    if (result.kind === 'limited') return sendLimited(reply, result.retryAfterSeconds, render);
    if (result.kind === 'unverified')
      return sendPage(reply, 403, render({ kind: 'error', text: UNVERIFIED_MESSAGE }));
    return sendPage(reply, 401, render({ kind: 'error', text: SIGN_IN_FAILED_MESSAGE }));
  });

  app.post('/idp/interaction/:uid/signup', async (request: UidRequest, reply) => {
    const { uid } = request.params;
    if (!(await live(request, reply))) return sendExpired(reply, deps.publicUrl);
    const values = {
      email: formField(request.body, 'email'),
      firstName: formField(request.body, 'firstName'),
      lastName: formField(request.body, 'lastName'),
    };
    const password = formField(request.body, 'password');
    const problem = findFormProblem({ ...values, password }, SIGN_UP_FIELDS);
    const result = problem
      ? { kind: 'invalid' as const, message: problem.message, field: problem.field as SignUpField }
      : await signUp(deps, { ...values, password, uid, ip: request.ip });
    if (result.kind === 'limited')
      return sendLimited(reply, result.retryAfterSeconds, (notice) =>
        renderSignUpPage({ uid, csrf: csrfFor(uid), values, notice }),
      );
    if (result.kind === 'invalid') {
      const notice = { kind: 'error' as const, text: result.message };
      // A refused value is not echoed back: it may be a megabyte, or not text at all.
      const shown = { ...values, [result.field]: '' };
      const page = renderSignUpPage({
        uid,
        csrf: csrfFor(uid),
        values: shown,
        notice,
        invalidField: result.field,
      });
      return sendPage(reply, 400, page);
    }
    return sendPage(
      reply,
      200,
      renderCheckEmailPage({ uid, csrf: csrfFor(uid), email: result.email }),
    );
  });

  app.post('/idp/interaction/:uid/resend', async (request: UidRequest, reply) => {
    const { uid } = request.params;
    const email = formField(request.body, 'email').trim();
    const problem = findFormProblem({ email }, ['email']);
    if (problem) {
      const notice = { kind: 'error' as const, text: problem.message };
      return sendPage(reply, 400, renderSignInPage({ uid, csrf: csrfFor(uid), notice }));
    }
    await resendVerification(deps, { email, uid });
    return sendPage(reply, 200, renderCheckEmailPage({ uid, csrf: csrfFor(uid), email }));
  });
}

/** The sign-up form's fields, checked in the order the form shows them. */
const SIGN_UP_FIELDS: readonly FormFieldName[] = ['email', 'firstName', 'lastName', 'password'];

function unverifiedOf(result: SignInResult): string | undefined {
  return result.kind === 'unverified' ? result.email : undefined;
}

/** The answer to a stale, foreign or forged interaction: start again from the portal. */
export function sendExpired(reply: FastifyReply, publicUrl: string): FastifyReply {
  return sendPage(
    reply,
    400,
    renderMessagePage({
      title: 'This page has expired',
      text: 'For your security, log-in pages expire after a while. Please start again from Waymark.',
      link: { href: `${publicUrl}${PORTAL_HOME_PATH}`, label: 'Go to Waymark' },
    }),
  );
}

/** The address a client suggested (`login_hint`, e.g. from an invitation link), to prefill. */
function loginHintOf(interaction: { params: Record<string, unknown> }): string | undefined {
  const hint = interaction.params.login_hint;
  return typeof hint === 'string' ? hint : undefined;
}
