import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolveIntegrationsKey } from './integrations-key';

let dir = '';
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('resolveIntegrationsKey', () => {
  it('gives every server process starting at once the same whole key (WEB_CONCURRENCY)', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'waymark-key-'));
    const warn = vi.fn();
    const keys = await Promise.all(
      Array.from({ length: 20 }, () => resolveIntegrationsKey(undefined, dir, { warn })),
    );
    expect(new Set(keys.map((key) => key.toString('hex'))).size).toBe(1);
    expect(keys[0]?.length).toBe(32);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(await readdir(dir)).toEqual(['integrations.key']);
    const again = await resolveIntegrationsKey(undefined, dir, { warn });
    expect(again.equals(keys[0] ?? Buffer.alloc(0))).toBe(true);
  });
});
