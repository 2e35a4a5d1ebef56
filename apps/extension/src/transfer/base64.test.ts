import { describe, expect, it } from 'vitest';
import { fromBase64, toBase64 } from './base64';

describe('base64', () => {
  it('round-trips every byte value, past one slice of characters', () => {
    const bytes = Uint8Array.from({ length: 100_000 }, (_, index) => (index * 7) % 256);
    expect(fromBase64(toBase64(bytes))).toEqual(bytes);
  });

  it('writes the standard alphabet', () => {
    expect(toBase64(new TextEncoder().encode('Waymark?'))).toBe('V2F5bWFyaz8=');
  });
});
