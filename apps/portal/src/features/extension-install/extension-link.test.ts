import { describe, expect, it } from 'vitest';
import { EXTENSION_DOWNLOAD_URL, getExtensionLink } from './extension-link';

describe('getExtensionLink (issue 25)', () => {
  it("leads a self-hosted server's visitors to its install page, not to a store search", () => {
    // A router path: links render it under the /client basename.
    expect(getExtensionLink(undefined)).toEqual({
      href: '/install-extension',
      isExternal: false,
    });
  });

  it('leads to the store listing when the build names one', () => {
    const store = 'https://chromewebstore.google.com/detail/waymark/abc';
    expect(getExtensionLink(store)).toEqual({ href: store, isExternal: true });
  });

  it("downloads this server's own copy from the API", () => {
    expect(EXTENSION_DOWNLOAD_URL).toBe('/api/extension/download');
  });
});
