import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createOffThreadHash, type OffThreadHash } from './off-thread-hash';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Feeds `bytes` in pieces of `size`, waiting whenever the hash says it is behind. */
async function feed(hash: OffThreadHash, bytes: Buffer, size: number): Promise<number> {
  let waits = 0;
  for (let offset = 0; offset < bytes.length; offset += size) {
    const behind = hash.update(bytes.subarray(offset, offset + size));
    if (behind) {
      waits += 1;
      await behind;
    }
  }
  return waits;
}

describe('a SHA-256 hashed on the hashing thread', () => {
  it('matches node:crypto for pieces that cross its slices, and makes a fast writer wait', async () => {
    const bytes = randomBytes(3 * 1024 * 1024 + 4321);
    const hash = createOffThreadHash();
    // 3 MiB in 65,537-byte pieces: far more than the 2 MiB of slices it may have out at once.
    const waits = await feed(hash, bytes, 65_537);
    expect(waits).toBeGreaterThan(0);
    expect(await hash.digest()).toBe(sha256(bytes));
  });

  it('copies each piece: a caller reusing its buffer at once changes nothing', async () => {
    const reused = Buffer.alloc(1000);
    const sent: Buffer[] = [];
    const hash = createOffThreadHash();
    for (let round = 0; round < 700; round += 1) {
      reused.fill(round % 251);
      sent.push(Buffer.from(reused));
      await hash.update(reused);
    }
    expect(await hash.digest()).toBe(sha256(Buffer.concat(sent)));
  });

  it('keeps hashes fed at the same time apart, and hashes nothing as the empty digest', async () => {
    const first = randomBytes(700_000);
    const second = randomBytes(900_000);
    const [a, b, empty] = [createOffThreadHash(), createOffThreadHash(), createOffThreadHash()];
    await Promise.all([feed(a, first, 10_000), feed(b, second, 33_333)]);
    expect(await Promise.all([a.digest(), b.digest(), empty.digest()])).toEqual([
      sha256(first),
      sha256(second),
      sha256(Buffer.alloc(0)),
    ]);
  });

  it('closes a discarded hash: no digest after, and a second discard is harmless', async () => {
    const hash = createOffThreadHash();
    await feed(hash, randomBytes(600_000), 50_000);
    hash.discard();
    hash.discard();
    await expect(hash.digest()).rejects.toThrow('Hash already closed');
    expect(() => hash.update(Buffer.from('more'))).toThrow('Hash already closed');
  });
});
