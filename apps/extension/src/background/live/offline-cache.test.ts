import { describe, expect, it } from 'vitest';
import { createFakeChrome } from '../../test/fake-chrome-api';
import { createOfflineCache, OFFLINE_ENTRY_PREFIX, OFFLINE_KEY_KEY } from './offline-cache';

const SECRET = { title: 'Refund policy for https://shop.example.com/cart' };

describe('the offline cache', () => {
  it('keeps only ciphertext on disk, readable with the session’s key', async () => {
    const fake = createFakeChrome();
    const cache = createOfflineCache({ api: fake.api, now: () => 42 });
    await cache.write('page', SECRET);
    const onDisk = JSON.stringify([...fake.localStorage.values()]);
    expect(onDisk).not.toContain('Refund');
    expect(onDisk).not.toContain('shop.example.com');
    expect([...fake.localStorage.keys()].every((key) => key.startsWith(OFFLINE_ENTRY_PREFIX))).toBe(
      true,
    );
    expect(fake.sessionStorage.has(OFFLINE_KEY_KEY)).toBe(true);
    // A worker restarted in the same session reads it with the key from storage.session.
    const restarted = createOfflineCache({ api: fake.api, now: () => 0 });
    expect(await restarted.read('page')).toEqual({ value: SECRET, savedAt: 42 });
  });

  it('cannot read, and deletes, what another session’s key wrote', async () => {
    const fake = createFakeChrome();
    await createOfflineCache({ api: fake.api, now: () => 0 }).write('page', SECRET);
    fake.sessionStorage.clear(); // the browser was closed: storage.session is gone
    expect(await createOfflineCache({ api: fake.api, now: () => 0 }).read('page')).toBeNull();
    expect(fake.localStorage.size).toBe(0);
  });

  it('forgets every entry and its key on clear (sign-out)', async () => {
    const fake = createFakeChrome();
    fake.localStorage.set('unrelated', 1);
    const cache = createOfflineCache({ api: fake.api, now: () => 0 });
    await cache.write('a', SECRET);
    await cache.write('b', SECRET);
    await cache.clear();
    expect([...fake.localStorage.keys()]).toEqual(['unrelated']);
    expect(fake.sessionStorage.has(OFFLINE_KEY_KEY)).toBe(false);
    expect(await cache.read('a')).toBeNull();
  });
});
