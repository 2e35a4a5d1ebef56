import type {
  FastifyBaseLogger,
  FastifyInstance,
  InjectOptions,
  LightMyRequestResponse,
} from 'fastify';
import type { Config } from '../../src/config';
import type { Db } from '../../src/db/client';
import type { FileStore } from '../../src/files/file-store';
import { buildTestApp, type TestAppOptions } from './helper';
import { startTestIssuer, type TestIssuer, type TestTokenOptions } from './auth-test-issuer';

/** A test clock: `now()` answers `at`, which tests move freely. */
export type TestClock = { at: Date; now(): Date };

/** The app on a fresh database, trusting a loopback test issuer (OIDC_ISSUER), with a test clock. */
export type AuthTestContext = {
  app: FastifyInstance;
  db: Db;
  /** The app's configuration. */
  config: Config;
  /** Connection string of the app's database (a child server can share it). */
  databaseUrl: string;
  issuer: TestIssuer;
  clock: TestClock;
  /** Signs a token for a new (or the given) subject: the Authorization header to send. */
  signIn(options?: TestTokenOptions): Promise<{ authorization: string }>;
  /** `app.inject` with the headers of `as` (anonymous when undefined). */
  call(
    as: { authorization: string } | undefined,
    options: InjectOptions,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
};

/**
 * Starts an {@link AuthTestContext}; `now` sets the clock (default 2026-03-10T12:00:00Z), `env`
 * adds configuration (e.g. attachment limits, an S3 bucket), `wrapFiles` wraps the app's file store
 * (a disk that fails), `plugins` adds probe routes.
 */
export async function startAuthTestApp(
  options: {
    now?: Date;
    env?: Record<string, string>;
    logger?: FastifyBaseLogger;
    wrapFiles?: (files: FileStore) => FileStore;
    plugins?: TestAppOptions['plugins'];
  } = {},
): Promise<AuthTestContext> {
  const audience = 'https://waymark.test/api';
  const issuer = await startTestIssuer(audience);
  const clock: TestClock = {
    at: options.now ?? new Date('2026-03-10T12:00:00Z'),
    now: () => clock.at,
  };
  const { app, db, config, databaseUrl, close } = await buildTestApp({
    env: { ...options.env, OIDC_ISSUER: issuer.url, OIDC_AUDIENCE: audience },
    clock,
    ...(options.logger && { logger: options.logger }),
    ...(options.wrapFiles && { wrapFiles: options.wrapFiles }),
    ...(options.plugins && { plugins: options.plugins }),
  });
  return {
    app,
    db,
    config,
    databaseUrl,
    issuer,
    clock,
    signIn: async (tokenOptions) => ({
      authorization: `Bearer ${await issuer.sign(tokenOptions)}`,
    }),
    call: (as, injectOptions) =>
      app.inject({
        ...injectOptions,
        headers: { ...injectOptions.headers, ...(as && { authorization: as.authorization }) },
      }),
    close: async () => {
      await close();
      await issuer.close();
    },
  };
}
