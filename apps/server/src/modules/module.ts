import type { FastifyPluginAsync } from 'fastify';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { ChangeFeed } from '../changes/change-feed';
import type { FileStore } from '../files/file-store';
import type { JobQueue } from '../jobs/job-queue';
import type { Mailer } from './mail/index';
import type { PaymentGateway } from './billing/index';

/**
 * What every module receives: the application's dependencies, built once at the root
 * (`createAppDependencies`) and passed explicitly, never imported as globals. An external service
 * still to come (payment gateway, file storage) is one more field here, typed by the port its module
 * defines and built in `createAppDependencies` from config, like the mailer and the gateway.
 */
export type AppDeps = {
  /** The validated configuration. */
  config: Config;
  /** The database. */
  db: Db;
  /**
   * The read pool (`DB_READ_POOL_SIZE`, decision 0064): searches, page lookups and workspace
   * lists, which must not queue behind writes holding `db`'s connections. Only reads of
   * committed data: never a write, never a read that must see the caller's open transaction.
   * `db` itself when the read pool is off.
   */
  readDb: Db;
  /**
   * The search pool (`DB_SEARCH_POOL_SIZE`, decisions 0098, 0099): text searches only, so they never
   * queue behind page lookups' cache misses on `readDb`. Same rules as `readDb`; `readDb` itself
   * when the search pool is off.
   */
  searchDb: Db;
  /** The time; tests pass a clock they move. */
  clock: Clock;
  /** Outgoing mail, enqueued in the transaction of the change that causes it. */
  mailer: Mailer;
  /** Durable background jobs; modules define theirs while they register. */
  jobs: JobQueue;
  /** Where attachment bytes live (issue 14). */
  files: FileStore;
  /** Committed changes of every server copy (the change log, migration 0045): what caches forget on. */
  changes: ChangeFeed;
  /** The payment gateway config selects: Stripe or the sandbox (issue 13). */
  gateway: PaymentGateway;
};

/** A domain module: a Fastify plugin registering its routes, given the app's dependencies. */
export type AppModule = FastifyPluginAsync<AppDeps>;

/**
 * What a server module declares about itself in its `index.ts` (docs/architecture.md "Server
 * modules"). The app registers modules in `dependsOn` order, ESLint lets a module import only
 * the modules it depends on, lint refuses a write to a table it does not own, and the module table
 * in the docs is generated from these declarations (`npm run docs:modules`). Keep every field a
 * literal: the lint and docs scripts read them from the source, without running it.
 */
export type ModuleManifest = {
  /** The module's folder name under `modules/`. */
  name: string;
  /** What the module is for, one line: the docs' module table shows it. */
  summary: string;
  /** The modules it imports (through their `index.ts`); they register before it. */
  dependsOn: readonly string[];
  /** The tables only this module writes; others call its exported functions to change them. */
  ownsTables: readonly PgTable[];
  /** Its routes, jobs and hooks; none for a module other modules only call. */
  register?: AppModule;
};

/** Declares a module's manifest (the identity function, for the type and a findable call). */
export function defineModule(manifest: ModuleManifest): ModuleManifest {
  return manifest;
}
