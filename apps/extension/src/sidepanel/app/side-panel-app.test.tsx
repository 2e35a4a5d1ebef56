// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { computeAccessibleName } from 'dom-accessibility-api';
import { createFakeChrome } from '../../test/fake-chrome-api';
import { SERVER_URL_KEY } from '../../settings/server-url-store';
import { renderPage } from '../../test/render-page';
import { pageOfItems } from '../../test/render-page-panel';
import { makeItemSummary } from '../../test/item-summary';
import type { PageSnapshot } from '../../messaging/index';
import type { PortLike } from '../../platform/index';
import { ACME_ORG, makePanelStart } from '../../test/panel-start';
import { SidePanelApp } from './side-panel-app';

/** The accessible name of the header's connection status. */
const connection = () => computeAccessibleName(screen.getByRole('status', { name: /^Connected/ }));
/** The address of the page the panel shows. */
const pageUrl = () => screen.getByText(/^https?:\/\//).textContent;

const SERVER = 'https://waymark.example.com';

const CHECKOUT_TAB = {
  tabId: 4,
  windowId: 1,
  url: 'https://shop.example.com/checkout',
  title: 'Checkout',
};

/** The service worker's answers: the active tab, signed out unless `answers` says otherwise. */
function setUpChrome(answers: Record<string, unknown> = {}) {
  const fake = createFakeChrome();
  fake.syncStorage.set(SERVER_URL_KEY, SERVER);
  vi.mocked(fake.api.runtime.sendMessage).mockImplementation((message) => {
    const { type } = message as { type: string };
    const value = { getActiveTab: CHECKOUT_TAB, getSession: { signedIn: false }, ...answers }[type];
    return Promise.resolve({ ok: true, value });
  });
  return fake;
}

afterEach(() => vi.unstubAllGlobals());

describe('SidePanelApp', () => {
  it('shows the current page and that the server answers', async () => {
    const fetch = vi.fn(() => Promise.resolve(Response.json({ ok: true })));
    vi.stubGlobal('fetch', fetch);
    renderPage(<SidePanelApp />, setUpChrome());
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'Waymark',
    ]);
    await vi.waitFor(() => expect(pageUrl()).toBe('https://shop.example.com/checkout'));
    await vi.waitFor(() => expect(connection()).toBe(`Connected to ${SERVER}`));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetch).toHaveBeenCalledWith(
      `${SERVER}/api/ping`,
      expect.objectContaining({ method: 'GET' }),
    );
  });

  it('follows the active tab when the service worker reports a switch', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(Response.json({ ok: true })));
    const fake = setUpChrome();
    renderPage(<SidePanelApp />, fake);
    await screen.findByText('https://shop.example.com/checkout');
    const tab = { tabId: 8, windowId: 1, url: 'https://shop.example.com/cart', title: 'Cart' };
    await fake.deliverMessage({ type: 'activeTabChanged', payload: { windowId: 1, tab } });
    await vi.waitFor(() => expect(pageUrl()).toBe('https://shop.example.com/cart'));
    const elsewhere = { ...tab, windowId: 2, url: 'https://other.example.com/' };
    await fake.deliverMessage({
      type: 'activeTabChanged',
      payload: { windowId: 2, tab: elsewhere },
    });
    expect(screen.queryByText('https://other.example.com/')).toBeNull();
  });

  it('offers sign-in when signed out, and asks the service worker to run it', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(Response.json({ ok: true })));
    const fake = setUpChrome();
    renderPage(<SidePanelApp />, fake);
    fireEvent.click(await screen.findByRole('button', { name: 'Log In' }));
    await vi.waitFor(() =>
      expect(fake.api.runtime.sendMessage).toHaveBeenCalledWith({ type: 'signIn', payload: {} }),
    );
  });

  it('explains that a tab which is not a web page has no items', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(Response.json({ ok: true })));
    const fake = setUpChrome({
      getActiveTab: { ...CHECKOUT_TAB, url: 'chrome://extensions/' },
      getSession: { signedIn: true, name: 'Ann Lee', email: 'ann@example.com' },
      callApi: [
        { orgId: 1, orgName: 'Acme', orgAccessLevelDescription: 'Owner', orgAccessLevelId: 1 },
      ],
    });
    renderPage(<SidePanelApp />, fake);
    await vi.waitFor(() =>
      expect(screen.getByRole('main').textContent).toMatch(/records items against web pages/),
    );
    expect(screen.getByTestId('signed-in-user').textContent).toBe('Ann Lee');
  });

  it('points to Options when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const fake = setUpChrome();
    renderPage(<SidePanelApp />, fake);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(`Waymark could not reach ${SERVER}`);
    fireEvent.click(screen.getByRole('button', { name: 'Open Options' }));
    expect(fake.api.runtime.openOptionsPage).toHaveBeenCalledOnce();
  });

  describe('painted from what the worker holds (getPanelStart)', () => {
    const snapshotOf = (title: string, updatedAt: number): PageSnapshot => ({
      page: pageOfItems([makeItemSummary({ itemId: 1, title, projectId: 3 })]),
      updatedAt,
      isOffline: false,
    });
    const START = makePanelStart(
      CHECKOUT_TAB,
      snapshotOf('Kept title', Date.UTC(2026, 0, 2, 9, 30)),
    );

    /** A worker whose page lookup answers only when the test releases it. */
    function setUpSlowLookup() {
      let release: (snapshot: PageSnapshot) => void = () => undefined;
      const lookup = new Promise<PageSnapshot>((resolve) => (release = resolve));
      const fake = setUpChrome({
        getActiveTab: CHECKOUT_TAB,
        getSession: START.session,
        callApi: [ACME_ORG],
      });
      const answerOthers = vi.mocked(fake.api.runtime.sendMessage).getMockImplementation()!;
      vi.mocked(fake.api.runtime.sendMessage).mockImplementation(async (message) =>
        (message as { type: string }).type === 'loadPage'
          ? { ok: true, value: await lookup }
          : answerOthers(message),
      );
      return { fake, release };
    }

    it('shows the kept items at once, then the server answer in their place', async () => {
      vi.stubGlobal('fetch', () => Promise.resolve(Response.json({ ok: true })));
      const { fake, release } = setUpSlowLookup();
      renderPage(<SidePanelApp start={START} />, fake);
      expect(screen.getAllByRole('listitem').map((row) => row.textContent)).toEqual([
        expect.stringContaining('Kept title'),
      ]);
      // Revalidated at once: the page is asked for again as the list mounts.
      expect(fake.api.runtime.sendMessage).toHaveBeenCalledWith({
        type: 'loadPage',
        payload: START.snapshot!.page,
      });
      release(snapshotOf('Fresh title', Date.now()));
      await screen.findByRole('button', { name: 'Fresh title' });
      expect(screen.queryByRole('button', { name: 'Kept title' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Kept title' })).toBeNull();
      expect(screen.queryByText(/updating…/)).toBeNull();
    });

    it('says in the header whether the project’s live updates are on', async () => {
      vi.stubGlobal('fetch', () => Promise.resolve(Response.json({ ok: true })));
      const { fake } = setUpSlowLookup();
      const watchers: PortLike[] = [];
      fake.onConnect.subscribe((port) =>
        port.onMessage.subscribe((message) => {
          if ((message as { projectId?: number }).projectId === 3) watchers.push(port);
        }),
      );
      renderPage(<SidePanelApp start={START} />, fake);
      await waitFor(() => expect(watchers).toHaveLength(1));
      // The worker answers the panel's watch with the stream's state, then broadcasts changes.
      watchers[0]!.postMessage({ type: 'liveState', projectId: 3, state: 'live' });
      await vi.waitFor(() => expect(connection()).toBe(`Connected to ${SERVER} · live updates on`));
      await fake.deliverMessage({
        type: 'liveStateChanged',
        payload: { projectId: 4, state: 'offline' },
      });
      // Another project's stream is not this page's.
      expect(connection()).toBe(`Connected to ${SERVER} · live updates on`);
      await fake.deliverMessage({
        type: 'liveStateChanged',
        payload: { projectId: 3, state: 'connecting' },
      });
      await vi.waitFor(() =>
        expect(connection()).toBe(`Connected to ${SERVER} · connecting live updates…`),
      );
    });

    it('says the kept items are not confirmed yet when the answer is slow', async () => {
      vi.stubGlobal('fetch', () => Promise.resolve(Response.json({ ok: true })));
      const { fake } = setUpSlowLookup();
      renderPage(<SidePanelApp start={START} />, fake);
      expect(screen.queryByText(/updating…/)).toBeNull();
      const note = await screen.findByText(/^last updated .* — updating…$/, undefined, {
        timeout: 3_000,
      });
      expect(note.textContent).toContain('2026');
    });
  });
});
