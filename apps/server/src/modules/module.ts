import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../db/client';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { ChangeFeed } from '../changes/change-feed';
import type { EventSink } from '../events/event-sink';
import type { FileStore } from '../files/file-store';
import type { JobQueue } from '../jobs/job-queue';
import type { Mailer } from './mail/mailer';
import type { SandboxGateway } from './billing/gateway/sandbox-gateway';
import type { StripeGateway } from './billing/gateway/stripe-gateway';

/**
 * What every module receives: the application's dependencies, built once at the root
 * (`createAppDependencies`) and passed explicitly, never imported as globals. An external service
 * still to come (payment gateway, file storage) is one more field here, typed by the port its module
 * defines and built in `createAppDependencies` from config, like the mailer.
 */
export type AppDeps = {
  /** The validated configuration. */
  config: Config;
  /** The database. */
  db: Db;
  /** The time; tests pass a clock they move. */
  clock: Clock;
  /** Outgoing mail, enqueued in the transaction of the change that causes it. */
  mailer: Mailer;
  /** Durable background jobs; modules define theirs while they register. */
  jobs: JobQueue;
  /** Where attachment bytes live (issue 14). */
  files: FileStore;
  /** "X changed" events, delivered after their transaction commits. */
  events: EventSink;
  /** Committed changes of every server copy (PostgreSQL LISTEN/NOTIFY): what caches forget on. */
  changes: ChangeFeed;
  /** The payment gateway config selects: Stripe or the sandbox (issue 13). */
  gateway: SandboxGateway | StripeGateway;
};

/** A domain module: a Fastify plugin registering its routes, given the app's dependencies. */
export type AppModule = FastifyPluginAsync<AppDeps>;
