import { describe, expect, it } from 'vitest';
import { createFakeChrome } from '../test/fake-chrome-api';
import { openWelcomeOnInstall } from './welcome-on-install';

describe('openWelcomeOnInstall', () => {
  it('opens welcome.html in a new, focused tab when the extension is installed', () => {
    const fake = createFakeChrome();
    openWelcomeOnInstall(fake.api);
    fake.onInstalled.emit({ reason: 'install' });
    expect(fake.api.tabs.create).toHaveBeenCalledExactlyOnceWith({
      url: 'chrome-extension://test-extension-id/welcome.html',
      active: true,
    });
  });

  it.each(['update', 'chrome_update', 'shared_module_update'])(
    'does not open it again on %s',
    (reason) => {
      const fake = createFakeChrome();
      openWelcomeOnInstall(fake.api);
      fake.onInstalled.emit({ reason });
      expect(fake.api.tabs.create).not.toHaveBeenCalled();
    },
  );
});
