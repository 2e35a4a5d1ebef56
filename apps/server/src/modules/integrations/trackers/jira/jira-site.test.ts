import { describe, expect, it } from 'vitest';
import { assertPublicSite, jiraSiteOf } from './jira-site';

describe('jiraSiteOf', () => {
  it("keeps the site's origin, with or without the scheme or a trailing /jira path", () => {
    expect(jiraSiteOf('https://acme.atlassian.net/', false)).toBe('https://acme.atlassian.net');
    expect(jiraSiteOf('acme.atlassian.net', false)).toBe('https://acme.atlassian.net');
    expect(jiraSiteOf('https://acme.atlassian.net/jira/your-work', false)).toBe(
      'https://acme.atlassian.net',
    );
  });

  it('refuses http (unless private addresses are allowed), credentials, queries, other paths', () => {
    for (const site of [
      'http://acme.atlassian.net',
      'https://user:pw@acme.atlassian.net',
      'https://acme.atlassian.net/?x=1',
      'https://acme.atlassian.net/wiki',
      'ftp://acme.atlassian.net',
      'not a url at all',
    ])
      expect(() => jiraSiteOf(site, false)).toThrow('Enter your Jira site address');
    expect(jiraSiteOf('http://127.0.0.1:8080', true)).toBe('http://127.0.0.1:8080');
  });
});

describe('assertPublicSite', () => {
  const resolveTo = (addresses: string[]) => () => Promise.resolve(addresses);

  it('refuses a site resolving to any private, loopback or link-local address', async () => {
    for (const addresses of [['10.0.0.5'], ['104.192.141.1', '127.0.0.1'], ['169.254.169.254'], []])
      await expect(
        assertPublicSite('https://acme.example', {
          allowPrivateAddresses: false,
          resolve: resolveTo(addresses),
        }),
      ).rejects.toThrow('Enter your Jira site address');
    await expect(
      assertPublicSite('https://localhost', { allowPrivateAddresses: false }),
    ).rejects.toThrow('Enter your Jira site address');
    await expect(
      assertPublicSite('https://[::ffff:10.0.0.1]', { allowPrivateAddresses: false }),
    ).rejects.toThrow('Enter your Jira site address');
  });

  it('lets a public site through, and any site when private addresses are allowed', async () => {
    await expect(
      assertPublicSite('https://acme.atlassian.net', {
        allowPrivateAddresses: false,
        resolve: resolveTo(['104.192.141.1']),
      }),
    ).resolves.toBeUndefined();
    await expect(
      assertPublicSite('http://127.0.0.1:9', { allowPrivateAddresses: true }),
    ).resolves.toBeUndefined();
  });
});
