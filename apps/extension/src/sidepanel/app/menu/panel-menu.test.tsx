// @vitest-environment jsdom
// Mantine's menu shows through a transition jsdom never runs, so roles are queried with `hidden`.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TOrganization } from '@waymark/core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { SERVER_URL_KEY } from '../../../settings/server-url-store';
import { createFakeChrome } from '../../../test/fake-chrome-api';
import { ACME_ORG } from '../../../test/panel-start';
import { renderPage } from '../../../test/render-page';
import { CurrentProjectProvider, useReportCurrentProject } from '../current-project';
import { preloadPanelMenu } from './lazy-views';
import { PanelMenu } from './panel-menu';

const SERVER = 'https://waymark.example.com';
const SESSION = { signedIn: true, name: 'Ada', email: 'ada@example.com' };

/** The menu with the worker answering `getSession` and `getOrgs` as given. */
/** Stands in for the page panel: reports the project its page shows. */
function PageOfProject({ projectId }: { projectId: number | null }) {
  useReportCurrentProject(projectId);
  return null;
}

function renderMenu(
  session: object,
  orgs: TOrganization[] = [ACME_ORG],
  {
    leaveAnswer = { ok: true, value: 'You left Acme.' },
    pageProjectId = null,
  }: { leaveAnswer?: object; pageProjectId?: number | null } = {},
) {
  const fake = createFakeChrome();
  fake.syncStorage.set(SERVER_URL_KEY, SERVER);
  vi.mocked(fake.api.runtime.sendMessage).mockImplementation((message) => {
    const { type, payload } = message as { type: string; payload: { route?: string } };
    if (type === 'getSession') return Promise.resolve({ ok: true, value: session });
    if (type === 'signOut') return Promise.resolve({ ok: true, value: { signedIn: false } });
    if (type === 'callApi' && payload.route === 'getOrgs')
      return Promise.resolve({ ok: true, value: orgs });
    if (type === 'callApi' && payload.route === 'leaveOrg') return Promise.resolve(leaveAnswer);
    return Promise.resolve({ ok: false, error: { code: 'NOT_FOUND', message: type } });
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderPage(
    <QueryClientProvider client={client}>
      <CurrentProjectProvider>
        <PanelMenu />
        <PageOfProject projectId={pageProjectId} />
      </CurrentProjectProvider>
    </QueryClientProvider>,
    fake,
  );
  return fake;
}

async function openMenu(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Waymark menu' }));
  return screen.findByRole('menu', { hidden: true });
}

const itemNames = () =>
  screen.getAllByRole('menuitem', { hidden: true }).map((item) => item.textContent);

describe('PanelMenu', () => {
  // As the panel does once its list has painted: the menu's code is there before the first click
  // (compiling it on the first test's click took seconds on a loaded machine).
  beforeAll(() => preloadPanelMenu(), 30_000);

  it('opens the portal page that exports my data (issue 33)', async () => {
    const user = userEvent.setup();
    const fake = renderMenu(SESSION);
    await openMenu(user);
    await user.click(await screen.findByRole('menuitem', { name: 'Export my data', hidden: true }));
    expect(fake.api.tabs.create).toHaveBeenCalledWith({
      url: `${SERVER}/client/your-data`,
      active: true,
    });
  });

  it('opens the portal page that deletes the account (issue 33)', async () => {
    const user = userEvent.setup();
    const fake = renderMenu(SESSION);
    await openMenu(user);
    await user.click(await screen.findByRole('menuitem', { name: 'Delete account', hidden: true }));
    expect(fake.api.tabs.create).toHaveBeenCalledWith({
      url: `${SERVER}/client/delete-account`,
      active: true,
    });
  });

  it('offers an administrator the portal, Options, the guide, the shortcuts and Logout', async () => {
    const user = userEvent.setup();
    const fake = renderMenu(SESSION);
    await openMenu(user);
    await screen.findByRole('menuitem', { name: 'Open the admin portal', hidden: true });
    expect(itemNames()).toEqual([
      'Project workspaceAlt+Shift+W',
      'Open the admin portal',
      'API tokens',
      'Options',
      'User guide',
      'Keyboard shortcuts?',
      'Export my data',
      'Delete account',
      'Logout',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'Open the admin portal', hidden: true }));
    expect(fake.api.tabs.create).toHaveBeenCalledWith({
      url: `${SERVER}/client/app/account`,
      active: true,
    });
    await openMenu(user);
    await user.click(screen.getByRole('menuitem', { name: 'API tokens', hidden: true }));
    expect(fake.api.tabs.create).toHaveBeenLastCalledWith({
      url: `${SERVER}/client/api-tokens`,
      active: true,
    });
    await openMenu(user);
    await user.click(screen.getByRole('menuitem', { name: 'User guide', hidden: true }));
    expect(fake.api.tabs.create).toHaveBeenLastCalledWith({
      url: `${SERVER}/client/user-guide`,
      active: true,
    });
    await openMenu(user);
    await user.click(screen.getByRole('menuitem', { name: 'Options', hidden: true }));
    expect(fake.api.runtime.openOptionsPage).toHaveBeenCalledTimes(1);
    await openMenu(user);
    await user.click(screen.getByRole('menuitem', { name: /Keyboard shortcuts/, hidden: true }));
    const sheet = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(sheet.textContent).toContain('New item on this page');
    expect(sheet.textContent).toContain('Show these shortcuts');
  });

  it('opens the project workspace on the selected organization in a new tab', async () => {
    const user = userEvent.setup();
    const fake = renderMenu(SESSION);
    await openMenu(user);
    await screen.findByRole('menuitem', { name: 'Open the admin portal', hidden: true });
    await user.click(screen.getByRole('menuitem', { name: /Project workspace/, hidden: true }));
    expect(fake.api.tabs.create).toHaveBeenCalledWith({
      url: fake.api.runtime.getURL(`workspace.html?org=${ACME_ORG.orgId}`),
      active: true,
    });
  });

  it("opens the workspace on the project of the panel's page", async () => {
    const user = userEvent.setup();
    const fake = renderMenu(SESSION, [ACME_ORG], { pageProjectId: 42 });
    await openMenu(user);
    await screen.findByRole('menuitem', { name: 'Open the admin portal', hidden: true });
    await user.click(screen.getByRole('menuitem', { name: /Project workspace/, hidden: true }));
    expect(fake.api.tabs.create).toHaveBeenCalledWith({
      url: fake.api.runtime.getURL(`workspace.html?org=${ACME_ORG.orgId}&project=42`),
      active: true,
    });
  });

  it('logs out from the menu', async () => {
    const user = userEvent.setup();
    const fake = renderMenu(SESSION);
    await openMenu(user);
    await user.click(await screen.findByRole('menuitem', { name: 'Logout', hidden: true }));
    expect(fake.api.runtime.sendMessage).toHaveBeenCalledWith({ type: 'signOut', payload: {} });
  });

  it('keeps the portal from a member who is not an administrator, and Logout from the signed out', async () => {
    const user = userEvent.setup();
    const fake = renderMenu(SESSION, [
      { ...ACME_ORG, orgAccessLevelId: 2, orgAccessLevelDescription: 'User' },
    ]);
    await openMenu(user);
    await screen.findByRole('menuitem', { name: 'Logout', hidden: true });
    expect(
      screen.queryByRole('menuitem', { name: 'Open the admin portal', hidden: true }),
    ).toBeNull();
    // Issue 29: a member's own API tokens, on the portal page outside the admin area.
    expect(itemNames()).toContain('API tokens');
    await user.click(screen.getByRole('menuitem', { name: 'API tokens', hidden: true }));
    expect(fake.api.tabs.create).toHaveBeenLastCalledWith({
      url: `${SERVER}/client/api-tokens`,
      active: true,
    });
  });

  it('is a plain button until first used; that one click opens the menu and Escape returns the focus', async () => {
    // Issue 34: Mantine's Menu (and floating-ui) load and render on the first click only.
    const user = userEvent.setup();
    renderMenu(SESSION);
    const button = screen.getByRole('button', { name: 'Waymark menu' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu', { hidden: true })).toBeNull();
    await user.click(button);
    await screen.findByRole('menu', { hidden: true });
    // Where the focus goes inside the open menu is Mantine's, walked in Chromium
    // (e2e/extension-panel.spec.ts): jsdom never shows the menu, so nothing in it is focusable.
    const opened = screen.getByRole('button', { name: 'Waymark menu', hidden: true });
    expect(opened.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(opened));
  });

  it('opens from the keyboard, without the signed-in entries when nobody is signed in', async () => {
    // Escape and the focus coming back are walked in Chromium (e2e/extension-panel.spec.ts).
    const user = userEvent.setup();
    const fake = renderMenu({ signedIn: false });
    screen.getByRole('button', { name: 'Waymark menu' }).focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('menu', { hidden: true });
    expect(itemNames()).toEqual(['Options', 'User guide', 'Keyboard shortcuts?']);
    // Nobody signed in: the menu asks the server for no organizations.
    const routes = vi
      .mocked(fake.api.runtime.sendMessage)
      .mock.calls.map(([message]) => (message as { payload?: { route?: string } }).payload?.route);
    expect(routes).not.toContain('getOrgs');
  });

  describe('Leave organization (issue 33)', () => {
    const MEMBER_ORG = { ...ACME_ORG, orgAccessLevelId: 2, orgAccessLevelDescription: 'User' };
    const callsOf = (fake: ReturnType<typeof renderMenu>, route: string) =>
      vi
        .mocked(fake.api.runtime.sendMessage)
        .mock.calls.filter(
          ([message]) => (message as { payload: { route?: string } }).payload?.route === route,
        );

    it('asks first, then leaves the selected organization and forgets the choice', async () => {
      const user = userEvent.setup();
      const fake = renderMenu(SESSION, [MEMBER_ORG]);
      fake.syncStorage.set('orgId', MEMBER_ORG.orgId);
      await openMenu(user);
      await user.click(
        await screen.findByRole('menuitem', { name: 'Leave organization', hidden: true }),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Leave organization' });
      expect(dialog.textContent).toContain('Leave Acme?');
      expect(callsOf(fake, 'leaveOrg')).toHaveLength(0);
      const orgLoads = callsOf(fake, 'getOrgs').length;
      await user.click(screen.getByRole('button', { name: 'Leave Acme' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(callsOf(fake, 'leaveOrg').map(([message]) => message)).toEqual([
        { type: 'callApi', payload: { route: 'leaveOrg', input: { params: { orgId: 1 } } } },
      ]);
      expect(fake.syncStorage.get('orgId')).toBe(0);
      await waitFor(() => expect(callsOf(fake, 'getOrgs').length).toBeGreaterThan(orgLoads));
    });

    it('is the shared panel dialog: no second banner, a named close button that only closes', async () => {
      const user = userEvent.setup();
      const fake = renderMenu(SESSION, [MEMBER_ORG]);
      await openMenu(user);
      await user.click(
        await screen.findByRole('menuitem', { name: 'Leave organization', hidden: true }),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Leave organization' });
      // Mantine's own header is a <header>: portalled beside the panel's, a second banner (axe).
      expect(dialog.querySelector('header')).toBeNull();
      await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(callsOf(fake, 'leaveOrg')).toHaveLength(0);
    });

    it("shows the server's refusal in the dialog and stays", async () => {
      const user = userEvent.setup();
      const refusal = 'Hand the organization over first.';
      renderMenu(SESSION, [MEMBER_ORG], {
        leaveAnswer: { ok: false, error: refusal, code: 'CONFLICT' },
      });
      await openMenu(user);
      await user.click(
        await screen.findByRole('menuitem', { name: 'Leave organization', hidden: true }),
      );
      await user.click(await screen.findByRole('button', { name: 'Leave Acme' }));
      expect((await screen.findByRole('alert')).textContent).toContain(refusal);
      expect(screen.getByRole('dialog', { name: 'Leave organization' })).toBeDefined();
    });

    it('is not offered to an administrator (they leave from the portal)', async () => {
      const user = userEvent.setup();
      renderMenu(SESSION);
      await openMenu(user);
      await screen.findByRole('menuitem', { name: 'Open the admin portal', hidden: true });
      expect(itemNames()).not.toContain('Leave organization');
    });
  });
});
