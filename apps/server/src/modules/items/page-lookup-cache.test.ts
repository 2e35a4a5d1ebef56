import { describe, expect, it, vi } from 'vitest';
import { createFakeChangeFeed } from '../../testing/fake-change-feed';
import { createPageLookupCache, PATH_ITEMS_TTL_MS, type PathItems } from './page-lookup-cache';

const PATH: PathItems = { projectId: 1, relativePathId: 7, itemsJson: '[]' };

// A clock the test moves; lru-cache reads it at most once a millisecond of real time.
function testClock() {
  const clock = { at: 1_000, now: () => clock.at };
  return clock;
}
const clockReadAgain = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('the page lookup cache: how long a read is trusted', () => {
  it("keeps a path's items for minutes without a change, and forgets them on one", async () => {
    const feed = createFakeChangeFeed();
    const clock = testClock();
    const cache = createPageLookupCache(feed, { clock });
    const read = vi.fn(() => Promise.resolve({ ...PATH }));
    await cache.pathItems.get('1|/p', read);
    clock.at += 5 * 60_000;
    await clockReadAgain();
    await cache.pathItems.get('1|/p', read);
    expect(read).toHaveBeenCalledTimes(1);
    feed.emit({ table: 'item_tags', key: 7 });
    await cache.pathItems.get('1|/p', read);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it("reads a path's items again once the safety net's time has passed", async () => {
    const clock = testClock();
    const cache = createPageLookupCache(createFakeChangeFeed(), { clock });
    const read = vi.fn(() => Promise.resolve({ ...PATH }));
    await cache.pathItems.get('1|/p', read);
    clock.at += PATH_ITEMS_TTL_MS + 1;
    await clockReadAgain();
    await cache.pathItems.get('1|/p', read);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('trusts what a caller may use on a host for a minute only', async () => {
    const clock = testClock();
    const cache = createPageLookupCache(createFakeChangeFeed(), { clock });
    const read = vi.fn(() => Promise.resolve({ rows: [] }));
    await cache.sites.get('2||a.test', read);
    clock.at += 59_000;
    await clockReadAgain();
    await cache.sites.get('2||a.test', read);
    expect(read).toHaveBeenCalledTimes(1);
    clock.at += 2_000;
    await clockReadAgain();
    await cache.sites.get('2||a.test', read);
    expect(read).toHaveBeenCalledTimes(2);
  });
});
