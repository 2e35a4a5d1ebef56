import { describe, expect, it, vi } from 'vitest';
import type { AuthSession } from '../auth/auth-session';
import type { SessionInfo } from '../messaging/protocol';
import { createFakeChrome } from '../test/fake-chrome-api';
import { createBadge, formatBadgeCount, trackBadge } from './badge';
import { workerCall } from '../test/worker-api-call';

const CHECKOUT = 'https://shop.example.com/checkout';

function setUp({ signedIn = true, items = 3 } = {}) {
  const fake = createFakeChrome();
  fake.tabs.push({ id: 5, windowId: 1, active: true, url: CHECKOUT });
  fake.tabs.push({ id: 6, windowId: 1, active: false, url: 'https://other.example.org/' });
  let session: SessionInfo = signedIn
    ? { signedIn: true, name: 'Ann', email: 'ann@example.com' }
    : { signedIn: false };
  const sessionListeners = new Set<(session: SessionInfo) => void>();
  const auth = {
    getSession: () => Promise.resolve(session),
    onChange: (listener: (session: SessionInfo) => void) => {
      sessionListeners.add(listener);
      return () => sessionListeners.delete(listener);
    },
  } as unknown as AuthSession;
  const call = vi.fn(() => Promise.resolve({ items: Array.from({ length: items }, () => ({})) }));
  const badge = createBadge({ api: fake.api, auth, call: workerCall(call) });
  const signOut = () => {
    session = { signedIn: false };
    sessionListeners.forEach((listener) => listener(session));
  };
  return { fake, call, badge, auth, signOut };
}

describe('toolbar badge', () => {
  it.each([
    [0, ''],
    [1, '1'],
    [42, '42'],
    [1000, '999+'],
  ])('shows %i items as %j', (count, text) => {
    expect(formatBadgeCount(count)).toBe(text);
  });

  it("counts the page's items on sites the user granted access to", async () => {
    const { fake, call, badge } = setUp();
    fake.grantedOrigins.add('https://shop.example.com/*');
    fake.syncStorage.set('orgId', 7);
    await badge.update(5, CHECKOUT);
    expect(fake.badges.get(5)).toBe('3');
    expect(call).toHaveBeenCalledWith(expect.objectContaining({ path: '/api/item/getPageItems' }), {
      query: { pageUrl: CHECKOUT, orgId: '7' },
    });
  });

  it('never sends the address of a site the user did not grant to the server', async () => {
    const { fake, call, badge } = setUp();
    await badge.update(6, 'https://other.example.org/');
    expect(call).not.toHaveBeenCalled();
    expect(fake.badges.get(6)).toBe('');
  });

  it('clears the badge when signed out, for zero items and for non-web pages', async () => {
    const signedOut = setUp({ signedIn: false });
    signedOut.fake.grantedOrigins.add('https://shop.example.com/*');
    await signedOut.badge.update(5, CHECKOUT);
    expect(signedOut.fake.badges.get(5)).toBe('');
    const empty = setUp({ items: 0 });
    empty.fake.grantedOrigins.add('https://shop.example.com/*');
    await empty.badge.update(5, CHECKOUT);
    expect(empty.fake.badges.get(5)).toBe('');
    await empty.badge.update(9, 'chrome://extensions/');
    expect(empty.fake.badges.get(9)).toBe('');
  });

  it('recounts on tab switch, navigation and newly granted sites; clears everything on sign-out', async () => {
    const { fake, badge, auth, signOut } = setUp();
    trackBadge(fake.api, auth, badge);
    fake.grantedOrigins.add('https://shop.example.com/*');
    fake.onActivated.emit({ tabId: 5, windowId: 1 });
    await vi.waitFor(() => expect(fake.badges.get(5)).toBe('3'));
    fake.badges.clear();
    fake.onUpdated.emit(5, { url: CHECKOUT }, fake.tabs[0]!);
    await vi.waitFor(() => expect(fake.badges.get(5)).toBe('3'));
    fake.badges.clear();
    await fake.api.permissions.request(['https://shop.example.com/*']);
    await vi.waitFor(() => expect(fake.badges.get(5)).toBe('3'));
    signOut();
    await vi.waitFor(() => expect(fake.badges.get(5)).toBe(''));
    expect(fake.badges.get(6)).toBe('');
  });
});
