import Fastify, { type FastifyInstance } from 'fastify';
import {
  identityPlugin,
  type IdentityPluginOptions,
} from '../../src/modules/identity/identity-plugin';
import { createJobQueue } from '../../src/jobs/job-queue';
import { createMailer } from '../../src/modules/mail/mailer';
import type { MailTransport } from '../../src/modules/mail/mail-transport';
import { createTestDatabase, type TestDatabase } from './helper';

/** The public URL of {@link startIdentityAlone}'s provider. */
export const ALONE_PUBLIC_URL = 'http://localhost:8080';

/** The embedded provider alone on a fresh database: its app, its database, and how to stop both. */
export type IdentityAlone = {
  app: FastifyInstance;
  db: TestDatabase['db'];
  close(): Promise<void>;
};

/**
 * Starts the provider without the API, with the real outbox and job queue delivering through
 * `transport`, and the given attempt limits (the rest are the defaults).
 */
export async function startIdentityAlone(options: {
  transport: MailTransport;
  limits: IdentityPluginOptions['limits'];
}): Promise<IdentityAlone> {
  const testDb = await createTestDatabase();
  const app = Fastify();
  const clock = { now: () => new Date() };
  const jobs = createJobQueue({
    connectionString: testDb.databaseUrl,
    db: testDb.db,
    logger: app.log,
  });
  const publicUrl = ALONE_PUBLIC_URL;
  await app.register(identityPlugin, {
    db: testDb.db,
    mailer: createMailer({ jobs, transport: options.transport, clock, publicUrl }),
    jobs,
    clock,
    publicUrl,
    extensionId: 'a'.repeat(32),
    ...(options.limits && { limits: options.limits }),
  });
  await app.ready();
  await jobs.start();
  return {
    app,
    db: testDb.db,
    close: async () => {
      await jobs.stop();
      await app.close();
      await testDb.close();
    },
  };
}
