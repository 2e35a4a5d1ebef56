import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Db } from './db/client';
import { createChangeFeed } from './changes/change-feed';
import { createFileStore } from './files/create-file-store';
import { createJobQueue } from './jobs/job-queue';
import { createPaymentGateway } from './modules/billing/index';
import { createMailer, createMailTransport } from './modules/mail/index';
import type { AppDeps } from './modules/module';

/**
 * Builds the application's dependencies once, at the root: configuration, database and clock as
 * given, plus the job queue, the mailer (an outbox on the queue), the change feed (committed
 * changes of every server copy, for caches), the file store attachments live in (local disk or
 * S3, from config) and the payment gateway (Stripe or sandbox). The job queue and the feed are not started
 * here: the app starts them once every module has registered.
 */
export function createAppDependencies(input: {
  config: Config;
  db: Db;
  clock: Clock;
  logger: FastifyBaseLogger;
}): AppDeps {
  const { config, db, clock, logger } = input;
  const jobs = createJobQueue({
    connectionString: db.$client.options.connectionString ?? '',
    db,
    logger,
  });
  const transport = createMailTransport({
    smtpUrl: config.mail.smtpUrl,
    mailFrom: config.mail.from,
    outboxDir: path.join(config.dataDir, 'mail'),
    logger,
  });
  const mailer = createMailer({ jobs, transport, clock, publicUrl: config.publicUrl });
  const changes = createChangeFeed({
    connectionString: db.$client.options.connectionString ?? '',
    query: (text, values) => db.$client.query(text, values),
    logger,
  });
  const files = createFileStore(config);
  const gateway = createPaymentGateway({ config, db, clock });
  return {
    config,
    db,
    clock,
    jobs,
    mailer,
    changes,
    files,
    gateway,
  };
}
