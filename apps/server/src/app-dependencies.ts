import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock';
import type { Config } from './config';
import { createDb, poolTimeouts, type Db } from './db/client';
import { createChangeFeed, type ChangeFeed } from './changes/change-feed';
import { createFileStore } from './files/create-file-store';
import type { FileStore } from './files/file-store';
import { createJobQueue } from './jobs/job-queue';
import { createPaymentGateway } from './modules/billing/index';
import { createMailer, createMailTransport } from './modules/mail/index';
import type { AppDeps } from './modules/module';

/**
 * Builds the application's dependencies once, at the root: configuration, database and clock as
 * given, plus the read pool (closed with {@link closeReadDb}), the job queue, the mailer (an outbox on the queue), the change feed (committed
 * changes of every server copy, for caches), the file store attachments live in (local disk or
 * S3, from config) and the payment gateway (Stripe or sandbox). The job queue and the feed are not started
 * here: the app starts them once every module has registered.
 */
export function createAppDependencies(input: {
  config: Config;
  db: Db;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** Wraps the change feed made on `db` (tests delay its delivery); default: none. */
  wrapChanges?: ((feed: ChangeFeed) => ChangeFeed) | undefined;
  /** Wraps the file store made from config (tests inject a failing disk); default: none. */
  wrapFiles?: ((files: FileStore) => FileStore) | undefined;
}): AppDeps {
  const { config, db, clock, logger } = input;
  const jobs = createJobQueue({
    connectionString: db.$client.options.connectionString ?? '',
    db,
    logger,
    superviseSeconds: config.jobs.superviseSeconds,
    retryDelaySeconds: config.jobs.retryDelaySeconds,
  });
  const transport = createMailTransport({
    smtpUrl: config.mail.smtpUrl,
    mailFrom: config.mail.from,
    outboxDir: path.join(config.dataDir, 'mail'),
    logger,
  });
  const mailer = createMailer({ jobs, transport, clock, publicUrl: config.publicUrl });
  const feed = createChangeFeed({
    connectionString: db.$client.options.connectionString ?? '',
    logger,
    pollMs: config.database.changeFeedPollMs,
  });
  const changes = input.wrapChanges ? input.wrapChanges(feed) : feed;
  const store = createFileStore(config);
  const files = input.wrapFiles ? input.wrapFiles(store) : store;
  const pool = (size: number, otherwise: Db, genericPlans = false): Db =>
    size > 0
      ? createDb(db.$client.options.connectionString ?? '', {
          max: size,
          connectTimeoutMs: config.database.connectTimeoutMs,
          timeouts: poolTimeouts(config.database),
          genericPlans,
        })
      : otherwise;
  const readDb = pool(config.database.readPoolSize, db);
  // Only searches run there, each statement written for one plan of any words (decision 0103);
  // the read pool's page lookups keep PostgreSQL's own choice.
  const searchDb = pool(config.database.searchPoolSize, readDb, true);
  const gateway = createPaymentGateway({ config, db, clock });
  return {
    config,
    db,
    readDb,
    searchDb,
    clock,
    jobs,
    mailer,
    changes,
    files,
    gateway,
  };
}

/**
 * Closes the read and search pools {@link createAppDependencies} opened (none when they share
 * another pool).
 */
export async function closeReadDb(
  deps: Pick<AppDeps, 'db' | 'readDb' | 'searchDb'>,
): Promise<void> {
  if (deps.searchDb !== deps.readDb && deps.searchDb !== deps.db) await deps.searchDb.$client.end();
  if (deps.readDb !== deps.db) await deps.readDb.$client.end();
}
