import type { IncomingMessage, ServerResponse } from 'node:http';
import formbody from '@fastify/formbody';
import middie from '@fastify/middie';
import type { FastifyInstance } from 'fastify';
import type { ChangeFeed } from '../../changes/change-feed';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import type { Mailer } from '../mail/index';
import { purgeExpiredModels } from './adapter';
import { IDP_MOUNT_PATH, identityUrls, PORTAL_HOME_PATH } from './clients';
import { purgeEmailTokens } from './email-tokens';
import {
  DEFAULT_IDENTITY_LIMITS,
  type Clock,
  type IdentityDeps,
  type IdentityLimits,
} from './identity-deps';
import { createCsrfGuard, sendPage } from './interaction-http';
import { registerInteractionRoutes, sendExpired } from './interaction-routes';
import { registerPasswordRoutes } from './password-routes';
import { registerAccountPage } from './account-page-routes';
import { registerVerifyEmailRoutes } from './verify-email-routes';
import { loadProviderKeys } from './keys';
import { createProvider } from './provider';
import { pinPublicOrigin } from './public-origin';
import { purgeRateLimits } from './rate-limit';
import { mailPasswordReset, RESET_MAIL_JOB, type ResetMailJob } from './reset-mail-job';
import { renderMessagePage } from './views/message-page';

/** Options of {@link identityPlugin}. */
export type IdentityPluginOptions = {
  db: Db;
  mailer: Mailer;
  /** The app's job queue: the hourly purge is a job on it. */
  jobs: JobQueue;
  clock: Clock;
  /** The server's public base URL (`PUBLIC_URL`): the issuer is `${publicUrl}/idp`. */
  publicUrl: string;
  /** The Chrome extension's id, for its redirect URI and CORS origin. */
  extensionId: string;
  /** `aud` of access tokens; default `${publicUrl}/api`. */
  audience?: string;
  /** Attempt limits; the defaults suit production. */
  limits?: Partial<IdentityLimits>;
  /** Trust `X-Forwarded-*` from a reverse proxy (`TRUST_PROXY`); default false. */
  trustProxy?: boolean;
  /** The app's change feed: a password reset waits until this copy has seen its own change. */
  changes?: Pick<ChangeFeed, 'sync'>;
};

/** True for the account page's URL as middie passes it (without the `/idp` mount). */
const isAccountPage = (url: string | undefined) =>
  url !== undefined && /^\/account(\?|$)/.test(url);

// Every hour at :17 UTC, once across all server copies.
const PURGE_CRON = '17 * * * *';

/**
 * The embedded OpenID provider at `/idp`: oidc-provider mounted through middie (it reads its own
 * request bodies, so it runs before Fastify's parsers), plus Waymark's interaction screens as
 * Fastify routes. Register it only when no external issuer (`OIDC_ISSUER`) is configured.
 */
export async function identityPlugin(
  app: FastifyInstance,
  options: IdentityPluginOptions,
): Promise<void> {
  const deps: IdentityDeps = {
    db: options.db,
    mailer: options.mailer,
    clock: options.clock,
    publicUrl: options.publicUrl,
    limits: { ...DEFAULT_IDENTITY_LIMITS, ...options.limits },
    ...(options.changes && { changes: options.changes }),
  };
  const urls = {
    ...identityUrls(options.publicUrl, options.extensionId),
    ...(options.audience ? { audience: options.audience } : {}),
  };
  const keys = await loadProviderKeys(deps);
  const provider = createProvider({ db: deps.db, urls, ...keys });
  const callback = provider.callback();
  const publicUrl = new URL(options.publicUrl);
  const isTrustingProxy = options.trustProxy ?? false;

  await app.register(middie);
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) await app.register(formbody);
  app.use(
    IDP_MOUNT_PATH,
    (request: IncomingMessage, response: ServerResponse, next: () => void) => {
      // Before the branch: the interaction screens call the provider with this same request.
      pinPublicOrigin(request.headers, publicUrl, isTrustingProxy);
      // Interaction screens and the account page (issue 33) are Fastify routes; everything else
      // under /idp is the provider's.
      if (request.url?.startsWith('/interaction/') || isAccountPage(request.url)) return next();
      void callback(request, response);
    },
  );
  // Routes for the provider's paths so Fastify runs this plugin's hooks (middie) instead of a 404.
  const unreachable = (_request: unknown, reply: { code(status: number): { send(): void } }) =>
    reply.code(404).send();
  app.all(IDP_MOUNT_PATH, { schema: { hide: true } }, unreachable);
  app.all(`${IDP_MOUNT_PATH}/*`, { schema: { hide: true } }, unreachable);

  app.setErrorHandler(async (error, request, reply) => {
    request.log.error({ err: error }, 'identity screen failed');
    const text = 'Something went wrong on our side. Please try again in a moment.';
    const link = { href: `${deps.publicUrl}${PORTAL_HOME_PATH}`, label: 'Go to Waymark' };
    return sendPage(reply, 500, renderMessagePage({ title: 'Something went wrong', text, link }));
  });
  const context = { provider, deps, secrets: keys.cookieKeys };
  app.addHook(
    'preHandler',
    createCsrfGuard(keys.cookieKeys, (reply) => sendExpired(reply, deps.publicUrl)),
  );
  registerInteractionRoutes(app, context);
  const enqueueResetMail = options.jobs.define<ResetMailJob>({
    name: RESET_MAIL_JOB,
    handler: (job) => mailPasswordReset(deps, job),
  });
  registerPasswordRoutes(app, { ...context, enqueueResetMail });
  registerVerifyEmailRoutes(app, context);
  registerAccountPage(app, context);

  const purge = async () => {
    await purgeExpiredModels(deps);
    await purgeRateLimits(deps);
    await purgeEmailTokens(deps);
  };
  options.jobs.define({ name: 'identity.purge', cron: PURGE_CRON, handler: purge });
  await purge();
}
