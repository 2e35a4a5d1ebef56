import { describe, expect, it } from 'vitest';
import { computeChallenge, createPkce, randomToken } from './pkce';

describe('PKCE', () => {
  it('computes the RFC 7636 appendix B challenge', async () => {
    expect(await computeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('makes a fresh 43-character verifier each time, paired with its challenge', async () => {
    const first = await createPkce();
    const second = await createPkce();
    expect(first.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.verifier).not.toBe(second.verifier);
    expect(first.challenge).toBe(await computeChallenge(first.verifier));
  });

  it('writes random tokens in base64url without padding', () => {
    expect(randomToken(16)).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});
