import { describe, expect, it, vi } from 'vitest';
import type { AuthSession } from '../auth/auth-session';
import type { SessionInfo } from '../messaging/protocol';
import { createFakeChrome } from '../test/fake-chrome-api';
import { workerCall } from '../test/worker-api-call';
import { createBadge, trackBadge, UNREAD_REFRESH_MS } from './badge';
import { withUnreadBadge } from './unread-badge-relay';

// Issue 27: the toolbar badge shows the unread notification count when the user chose it —
// on every tab of every window, live, cleared at zero; otherwise the page's item count.

const SHOP = 'https://shop.example.com/checkout';
const ALL_TABS = -1;

function setUp(inbox = { unreadCount: 4, toolbarBadge: true }) {
  const fake = createFakeChrome();
  fake.tabs.push({ id: 5, windowId: 1, active: true, url: SHOP });
  fake.tabs.push({ id: 6, windowId: 2, active: true, url: 'https://other.example.org/' });
  fake.tabs.push({ id: 7, windowId: 2, active: false, url: SHOP });
  fake.grantedOrigins.add('https://shop.example.com/*');
  let session: SessionInfo = { signedIn: true, name: 'Bea', email: 'bea@example.com' };
  const listeners = new Set<(session: SessionInfo) => void>();
  const auth = {
    getSession: () => Promise.resolve(session),
    onChange: (listener: (session: SessionInfo) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as unknown as AuthSession;
  const answer = { ...inbox };
  const call = vi.fn((route: { path: string }) =>
    Promise.resolve(
      route.path === '/api/inbox/getInbox' ? { entries: [], ...answer } : { items: [{}, {}] },
    ),
  );
  const badge = createBadge({ api: fake.api, auth, call: workerCall(call) });
  const signOut = () => {
    session = { signedIn: false };
    listeners.forEach((listener) => listener(session));
  };
  return { fake, badge, call, auth, answer, signOut };
}

const inboxCalls = (call: ReturnType<typeof setUp>['call']) =>
  call.mock.calls.filter(([route]) => route.path === '/api/inbox/getInbox').length;

describe('unread count on the toolbar badge', () => {
  it('shows the unread count on every tab of every window, not the page counts', async () => {
    const { fake, badge } = setUp();
    await badge.refreshUnread();
    expect(fake.badges.get(ALL_TABS)).toBe('4');
    expect([5, 6, 7].map((tabId) => fake.badges.get(tabId))).toEqual(['4', '4', '4']);
    // A navigation or a page lookup does not put the page's item count back.
    await badge.update(5, SHOP);
    await badge.showCount(SHOP, 2);
    expect(fake.badges.get(5)).toBe('4');
  });

  it('clears the badge at zero and goes back to page counts when the user turns it off', async () => {
    const { fake, badge } = setUp();
    await badge.refreshUnread();
    await badge.showUnread({ unreadCount: 0, toolbarBadge: true });
    expect([ALL_TABS, 5, 6, 7].map((tabId) => fake.badges.get(tabId))).toEqual(['', '', '', '']);
    await badge.showUnread({ unreadCount: 3, toolbarBadge: false });
    expect(fake.badges.get(ALL_TABS)).toBe('');
    // The active shop tab counts its page's two items again; the ungranted site stays empty.
    expect(fake.badges.get(5)).toBe('2');
    expect(fake.badges.get(6)).toBe('');
  });

  it('leaves the page counts alone when the user did not choose it', async () => {
    const { fake, badge } = setUp({ unreadCount: 9, toolbarBadge: false });
    await badge.update(5, SHOP);
    await badge.refreshUnread();
    expect(fake.badges.get(5)).toBe('2');
    expect(fake.badges.has(ALL_TABS)).toBe(false);
  });

  it('reads the count at start, clears it at sign-out, and re-reads at most once a minute on tab switches', async () => {
    const { fake, badge, call, auth, signOut } = setUp();
    let now = 1_000;
    trackBadge(fake.api, auth, badge, () => now);
    await vi.waitFor(() => expect(fake.badges.get(ALL_TABS)).toBe('4'));
    fake.onActivated.emit({ tabId: 7, windowId: 2 });
    expect(inboxCalls(call)).toBe(1);
    now += UNREAD_REFRESH_MS;
    fake.onActivated.emit({ tabId: 6, windowId: 2 });
    await vi.waitFor(() => expect(inboxCalls(call)).toBe(2));
    signOut();
    await vi.waitFor(() => expect(fake.badges.get(ALL_TABS)).toBe(''));
    await vi.waitFor(() => expect(fake.badges.get(7)).toBe(''));
  });
});

describe('withUnreadBadge', () => {
  const sender = {} as never;

  it("shows a panel's getInbox answer as it passes, without a second call", async () => {
    const badge = { showUnread: vi.fn(() => Promise.resolve()), refreshUnread: vi.fn() };
    const inbox = { entries: [], unreadCount: 2, toolbarBadge: true };
    const relay = withUnreadBadge(() => Promise.resolve(inbox), badge);
    await expect(relay({ route: 'getInbox', input: {} }, sender)).resolves.toBe(inbox);
    expect(badge.showUnread).toHaveBeenCalledWith(inbox);
    expect(badge.refreshUnread).not.toHaveBeenCalled();
  });

  it.each(['markInboxRead', 'markAllInboxRead', 'saveNotificationPreferences'] as const)(
    're-reads the count after %s',
    async (route) => {
      const badge = { showUnread: vi.fn(), refreshUnread: vi.fn(() => Promise.resolve()) };
      await withUnreadBadge(() => Promise.resolve('ok'), badge)({ route, input: {} }, sender);
      expect(badge.refreshUnread).toHaveBeenCalledOnce();
    },
  );

  it('leaves other calls and failures alone', async () => {
    const badge = { showUnread: vi.fn(), refreshUnread: vi.fn() };
    await withUnreadBadge(() => Promise.resolve({}), badge)(
      { route: 'getOrgs', input: {} },
      sender,
    );
    const failing = withUnreadBadge(() => Promise.reject(new Error('down')), badge);
    await expect(failing({ route: 'markAllInboxRead', input: {} }, sender)).rejects.toThrow('down');
    expect(badge.showUnread).not.toHaveBeenCalled();
    expect(badge.refreshUnread).not.toHaveBeenCalled();
  });
});
