// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../testing/expect-no-axe-violations';
import { renderRoutes } from '../../../testing/render-routes';
import { InstallExtensionGuide } from './install-extension-guide';
import { TeammateNextSteps } from './teammate-next-steps';

const renderAt = (element: React.ReactNode) => renderRoutes([{ path: '/', element }], '/');

describe('InstallExtensionGuide (issue 25)', () => {
  it("offers this server's zip and the Chrome and Edge steps to load it unpacked", async () => {
    renderAt(<InstallExtensionGuide storeUrl={undefined} />);
    const download = await screen.findByRole('link', { name: 'Download the extension (zip)' });
    expect(download.getAttribute('href')).toBe('/api/extension/download');
    expect(download.hasAttribute('download')).toBe(true);
    for (const [browser, page] of [
      ['Chrome', 'chrome://extensions'],
      ['Edge', 'edge://extensions'],
    ] as const) {
      const steps = within(screen.getByRole('region', { name: browser })).getAllByRole('listitem');
      const text = steps.map((step) => step.textContent).join('\n');
      expect(steps).toHaveLength(5);
      expect(text).toMatch(/Download/);
      expect(text).toMatch(/Unzip/);
      expect(text).toContain(`${page} into the address bar and switch on Developer mode`);
      expect(text).toMatch(/Load unpacked/);
    }
    expect(screen.queryByRole('link', { name: /from the store/ })).toBeNull();
    await expectNoAxeViolations('install page');
  });

  it('offers the store listing first when the build names one', async () => {
    const store = 'https://microsoftedge.microsoft.com/addons/detail/waymark/abc';
    renderAt(<InstallExtensionGuide storeUrl={store} />);
    const link = await screen.findByRole('link', { name: 'Get Waymark from the store' });
    expect(link.getAttribute('href')).toBe(store);
    const zip = screen.getByRole('link', { name: 'Download the extension (zip)' });
    expect(zip.getAttribute('href')).toBe('/api/extension/download');
  });
});

describe('TeammateNextSteps (issue 25)', () => {
  it('tells a member to install the extension, open the site and find the items in the panel', async () => {
    renderAt(<TeammateNextSteps orgName="Acme" />);
    const card = await screen.findByRole('region', { name: "You're in Acme: what to do next" });
    const steps = within(card).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      'Install the Waymark extension in Chrome or Edge. How to install it',
      "Open your project's site in that browser and click the Waymark icon in the toolbar; log in there with the e-mail address you were invited with.",
      "The side panel lists your team's items for the page you are on. Choose Add Item to record your own.",
    ]);
    const install = within(card).getByRole('link', { name: 'How to install it' });
    expect(install.getAttribute('href')).toBe('/install-extension');
    await expectNoAxeViolations('next steps');
  });
});
