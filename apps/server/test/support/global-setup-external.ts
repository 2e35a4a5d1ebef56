import type { TestProject } from 'vitest/node';
import { provideTestDatabase } from './global-setup';

/** The variable naming the external PostgreSQL of the `server-external` project. */
const EXTERNAL_DATABASE_VARIABLE = 'WAYMARK_TEST_EXTERNAL_DATABASE_URL';

/**
 * Setup of the `server-external` project: the same server test files as `server`, against the
 * PostgreSQL at `WAYMARK_TEST_EXTERNAL_DATABASE_URL` (CI: Debian's PostgreSQL 15, the oldest the
 * product supports, while `server` runs on the embedded one). Decision 0091.
 */
export default function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env[EXTERNAL_DATABASE_VARIABLE];
  if (!adminUrl) throw new Error(`${EXTERNAL_DATABASE_VARIABLE} is not set`);
  return provideTestDatabase(project, adminUrl);
}
