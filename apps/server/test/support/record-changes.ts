import { createChangeFeed, type Change } from '../../src/changes/change-feed';
import type { AuthTestContext } from './auth-test-app';

/**
 * Runs `work` while a change feed of its own listens on the test database, and answers every
 * change committed meanwhile (in commit order).
 */
export async function recordChanges(
  t: AuthTestContext,
  work: () => Promise<unknown>,
): Promise<Change[]> {
  const seen: Change[] = [];
  const feed = createChangeFeed({
    connectionString: t.db.$client.options.connectionString ?? '',
    logger: { warn: () => undefined },
  });
  feed.subscribe((change) => seen.push(change));
  await feed.start();
  try {
    await work();
    await feed.sync();
    return seen;
  } finally {
    await feed.stop();
  }
}
