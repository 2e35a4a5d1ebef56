import { describe, expect, it } from 'vitest';
import { socketDirFor } from './embedded-postgres';

describe('socketDirFor', () => {
  it('puts the socket in the cluster directory', () => {
    expect(socketDirFor('/var/lib/waymark/postgres')).toBe('/var/lib/waymark/postgres');
  });

  it('falls back to TCP when the socket path would not fit in a socket address', () => {
    // 107 bytes is the longest socket path; `/.s.PGSQL.65535` adds 15 to the directory.
    const fits = `/${'d'.repeat(91)}`;
    expect(socketDirFor(fits)).toBe(fits);
    expect(socketDirFor(`${fits}d`)).toBeUndefined();
    // Bytes, not characters: é takes two.
    expect(socketDirFor(`/${'é'.repeat(46)}`)).toBeUndefined();
  });

  it('falls back to TCP for a directory the quoted setting cannot carry', () => {
    expect(socketDirFor('/data/"quoted"/postgres')).toBeUndefined();
    expect(socketDirFor('/data/back\\slash/postgres')).toBeUndefined();
  });
});
