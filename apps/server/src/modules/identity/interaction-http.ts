import type { FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { errors } from 'oidc-provider';
import type { InteractionResults } from 'oidc-provider';
import { isValidCsrfToken } from './csrf';
import { tooManyAttemptsMessage } from './rate-limit';
import type { Notice } from './views/layout';

/** The interaction of this browser, when it is the one named in the URL and still alive. */
export type LiveInteraction = Awaited<ReturnType<Provider['interactionDetails']>>;

/** Sends a rendered page with no-store caching, as every identity screen must. */
export function sendPage(reply: FastifyReply, status: number, page: string): FastifyReply {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(page);
}

/**
 * Finds the interaction this browser is in, but only when it is the one the URL names: links in
 * e-mails carry a uid, and a different sign-in in the same browser must not be finished by them.
 */
export async function findInteraction(
  provider: Provider,
  request: FastifyRequest,
  reply: FastifyReply,
  uid: string,
): Promise<LiveInteraction | undefined> {
  try {
    const interaction = await provider.interactionDetails(request.raw, reply.raw);
    return interaction.uid === uid ? interaction : undefined;
  } catch (error) {
    // No cookie, expired, or signed out meanwhile: the caller answers "page expired".
    if (error instanceof errors.SessionNotFound) return undefined;
    throw error;
  }
}

/** True when the interaction asks for the sign-up screen (`prompt=create` or `screen_hint=signup`). */
export function wantsSignUp(interaction: LiveInteraction): boolean {
  return interaction.prompt.name === 'create' || interaction.params.screen_hint === 'signup';
}

/**
 * Completes the login step of an interaction and sends the browser back to the provider.
 * `create` is resolved too: signing in (or verifying) is the answer to a sign-up request.
 */
export async function finishLogin(
  provider: Provider,
  request: FastifyRequest,
  reply: FastifyReply,
  accountId: number,
): Promise<FastifyReply> {
  const result = { login: { accountId: String(accountId) }, create: {} } as InteractionResults;
  const returnTo = await provider.interactionResult(request.raw, reply.raw, result, {
    mergeWithLastSubmission: false,
  });
  return reply.code(303).header('cache-control', 'no-store').redirect(returnTo, 303);
}

/** One field of a url-encoded form body, as a string ('' when missing). */
export function formField(body: unknown, name: string): string {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
}

/**
 * Fastify preHandler for every form POST of the interaction screens: a missing or wrong
 * anti-forgery token gets the "page expired" answer before any service runs.
 */
export function createCsrfGuard(
  secrets: string[],
  sendRejected: (reply: FastifyReply) => FastifyReply,
) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (request.method !== 'POST') return;
    const uid = (request.params as { uid?: string } | undefined)?.uid ?? '';
    if (!isValidCsrfToken(secrets, uid, formField(request.body, 'csrf'))) await sendRejected(reply);
  };
}

/**
 * Answers an attempt refused by a rate limit: 429, Retry-After, and the screen again with the
 * "Too many attempts" message.
 */
export function sendLimited(
  reply: FastifyReply,
  retryAfterSeconds: number,
  render: (notice: Notice) => string,
): FastifyReply {
  reply.header('retry-after', String(retryAfterSeconds));
  return sendPage(
    reply,
    429,
    render({ kind: 'error', text: tooManyAttemptsMessage(retryAfterSeconds) }),
  );
}
