import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { closeReadDb, createAppDependencies } from './app-dependencies';
import type { FileStore } from './files/file-store';
import type { ChangeFeed } from './changes/change-feed';
import { systemClock, type Clock } from './clock';
import type { Config } from './config';
import type { Db } from './db/client';
import { handleError, handleNotFound } from './http/error-handler';
import { installExtensionCors } from './http/extension-cors';
import { installFreshReads } from './http/fresh-reads';
import { createLogger } from './logger';
import { installDrain } from './http/drain';
import { createFrontDoor } from './http/front-door';
import { installRequestDeadline } from './http/request-deadline';
import { proxyTrust } from './http/proxy-trust';
import { installRequestLog, requestIdSequence, requestLogWriter } from './http/request-log';
import { registerOpenApi } from './http/openapi';
import { registerPortal } from './http/portal';
import { installRouteRegistry } from './http/route-registry';
import { installSecurityHeaders } from './http/security-headers';
import { installAccess } from './modules/access/index';
import { installAuth } from './modules/auth/index';
import { IDP_CSP, IDP_MOUNT_PATH } from './modules/identity/index';
import { ALL_MODULES } from './modules/all-modules';
import type { AppModule } from './modules/module';
import { orderModules, toPlugin } from './modules/module-order';

// Module augmentation is the one place an interface is needed.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyInstance {
    /** The change feed caches invalidate on (tests `sync()` it before reading). */
    changes: ChangeFeed;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/** Options of {@link buildApp}. */
export type BuildAppOptions = {
  /** The validated configuration. */
  config: Config;
  /** The migrated database; the caller owns and closes it. */
  db: Db;
  /** The time; default: the system clock. Tests pass one they move. */
  clock?: Clock;
  /** Logger to use; default: a new pino logger at `config.logLevel`. */
  logger?: FastifyBaseLogger;
  /**
   * Wraps the change feed the app would make on `db` (tests delay its delivery, to show what a
   * loaded machine does); default: that feed as is.
   */
  wrapChanges?: (feed: ChangeFeed) => ChangeFeed;
  /**
   * Wraps the file store the app would make from config (tests make it fail where a disk would);
   * default: that store as is.
   */
  wrapFiles?: (files: FileStore) => FileStore;
  /** Extra plugins registered after the modules (tests use it for probe routes). */
  plugins?: readonly AppModule[];
};

/**
 * Builds the whole HTTP app — API, docs, health checks, portal — and the application's
 * dependencies it passes to every module, without listening. Callers `listen()` (main) or
 * `inject()` (tests), then `close()`. The job queue starts when the app is ready and stops when it
 * closes.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  // The portal's pages are answered in front of Fastify (issue 34), with ids from Fastify's sequence.
  const frontDoor = createFrontDoor({ headersTimeoutMs: config.http.headersTimeoutMs });
  const nextRequestId = requestIdSequence();
  const app = Fastify({
    serverFactory: frontDoor.serverFactory,
    // Decision 0135. Node's limit on receiving a request is one for the whole server, so it is
    // the longest an upload may take; installRequestDeadline holds every other request to
    // HTTP_REQUEST_TIMEOUT_MS.
    requestTimeout: config.http.requestTimeoutMs + config.attachments.uploadMaxMs,
    connectionTimeout: config.http.idleTimeoutMs,
    genReqId: nextRequestId,
    loggerInstance: options.logger ?? createLogger(config.logLevel),
    // One line per request, from installRequestLog, instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // The spec spells one path both `OrgSettings` and `orgSettings`.
    routerOptions: { caseSensitive: false },
    trustProxy: proxyTrust(config.trustedProxies),
    // A malformed or over-long URL segment is refused by the router, before any route: answer
    // it as the same ErrorBody as every other error instead of Fastify's own shape.
    frameworkErrors: handleError,
    // During shutdown a request already on an open connection is served, not refused (drain.ts).
    return503OnClosing: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);
  app.setNotFoundHandler(handleNotFound);
  // issue 25: a terminal shows what happens, not every request; JSON logs keep them at info.
  const requestLogLevel = config.logFormat === 'pretty' ? 'debug' : 'info';
  installRequestLog(app, requestLogLevel);
  installRequestDeadline(app, config.http.requestTimeoutMs);
  installDrain(app);
  installSecurityHeaders(app, { mountPath: IDP_MOUNT_PATH, csp: IDP_CSP });
  installExtensionCors(app);
  installRouteRegistry(app);
  const deps = createAppDependencies({
    config,
    db,
    clock: options.clock ?? systemClock,
    logger: app.log,
    wrapChanges: options.wrapChanges,
    wrapFiles: options.wrapFiles,
  });
  installFreshReads(app, deps.changes);
  installAuth(app, { config, db, changes: deps.changes });
  installAccess(app);
  app.decorate('changes', deps.changes);
  await registerOpenApi(app, {
    publicUrl: config.publicUrl,
    maxFileBytes: config.attachments.maxFileBytes,
  });
  // Each module after the modules it depends on (its manifest's dependsOn): a cycle or a missing
  // module throws here, before anything listens.
  for (const module of orderModules(ALL_MODULES)) await app.register(toPlugin(module), deps);
  for (const plugin of options.plugins ?? []) await app.register(plugin, deps);
  app.addHook('onReady', async () => {
    await deps.changes.start();
    await deps.jobs.start();
  });
  app.addHook('onClose', async () => {
    await deps.jobs.stop();
    await deps.changes.stop();
    await closeReadDb(deps);
  });
  await registerPortal(app, {
    portalDist: config.portalDist,
    publicUrl: config.publicUrl,
    analytics: config.analytics,
    frontDoor: {
      door: frontDoor,
      nextRequestId,
      log: requestLogWriter(app.log, requestLogLevel),
    },
  });
  return app;
}
