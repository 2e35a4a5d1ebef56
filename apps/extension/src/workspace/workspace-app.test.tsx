// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TWorkspaceItem } from '@waymark/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeItemSummary } from '../test/item-summary';
import { createFakeChrome } from '../test/fake-chrome-api';
import { renderPage } from '../test/render-page';
import { createCallApi } from '../api/index';
import { requestFirstRows } from './start/first-rows';
import { WorkspaceApp } from './workspace-app';

const ROWS: TWorkspaceItem[] = Array.from({ length: 3_000 }, (_, index) => ({
  ...makeItemSummary({ itemId: index + 1, title: `Item ${index + 1}`, projectId: 3 }),
  author: { userId: 9, fullName: 'Ada Admin' },
  createdAt: '2026-11-01T00:00:00.000Z',
}));

type Call = { route: string; input: { body?: Record<string, unknown> } };

function renderWorkspace({ fromEntry = false, answered = false, isClosed = false } = {}) {
  const calls: Call[] = [];
  const fake = createFakeChrome();
  vi.mocked(fake.api.runtime.sendMessage).mockImplementation((message) => {
    const { payload } = message as { payload: Call };
    calls.push(payload);
    const answer = (value: unknown) => Promise.resolve({ ok: true, value });
    switch (payload.route) {
      case 'getOrgs':
        return answer([
          {
            orgId: 2,
            orgName: 'Acme',
            orgAccessLevelId: 1,
            orgAccessLevelDescription: 'Admin',
            ...(isClosed && {
              closure: {
                closedAt: '2026-11-20T00:00:00.000Z',
                deletesAt: '2026-12-20T00:00:00.000Z',
              },
            }),
          },
        ]);
      case 'getAllProjects':
        return answer([
          { projectId: 3, projectName: 'Shop', baseUrl: 'https://shop.test', orgId: 2 },
        ]);
      case 'getStatusOptions':
        return answer([
          { itemStatusId: 1, itemStatusDescription: 'Open' },
          { itemStatusId: 2, itemStatusDescription: 'Done' },
        ]);
      case 'listWorkspaceItems': {
        const body = payload.input.body ?? {};
        const offset = Number(body.offset);
        return answer({
          total: ROWS.length,
          items: ROWS.slice(offset, offset + Number(body.limit)),
        });
      }
      case 'bulkUpdateItems':
        return answer({
          changedItemIds: [1, 2],
          before: [1, 2].map((itemId) => ({
            itemId,
            itemStatusId: 1,
            assigneeUserId: null,
            releaseId: null,
            tags: [],
          })),
        });
      case 'restoreItems':
        return answer({ changedItemIds: [1, 2], before: [] });
      case 'saveView': {
        const body = payload.input.body ?? {};
        return answer({
          viewId: 5,
          projectId: 3,
          name: body.name,
          state: body.state,
          updatedAt: '2026-11-26T00:00:00.000Z',
        });
      }
      case 'listSavedViews':
        return answer([
          {
            viewId: 6,
            projectId: 3,
            name: 'Board of bugs',
            state: {
              filter: { itemTypeIds: [4], text: 'safari' },
              sort: { column: 'updated', direction: 'desc' },
              columns: ['status'],
              layout: 'table',
              boardGroup: 'status',
            },
            updatedAt: '2026-11-26T00:00:00.000Z',
          },
        ]);
      default:
        return answer([]);
    }
  });
  // As main.tsx does: the first rows asked for before the page's code, then handed to it.
  const firstRows = fromEntry
    ? requestFirstRows(createCallApi(fake.api), window.location.search)
    : undefined;
  const render = () => renderPage(<WorkspaceApp firstRows={firstRows} />, fake);
  if (!answered) {
    render();
    return { calls, rendered: Promise.resolve() };
  }
  // The worker answered before the page's code ran: a few turns of the microtask queue.
  const rendered = (async () => {
    for (let turn = 0; turn < 5; turn += 1) await Promise.resolve();
    render();
  })();
  return { calls, rendered };
}

// Each test renders the whole page with Mantine in jsdom: seconds each on a shared machine.
describe('the project workspace page', { timeout: 30_000 }, () => {
  beforeEach(() => {
    // jsdom lays nothing out: the table's scroller gets a window-sized box to fill with rows.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(700);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
    window.history.replaceState(
      null,
      '',
      '/workspace.html?org=2&project=3&status=1&sort=title.asc',
    );
  });

  it('reads its view from the address and asks the server for that page of rows', async () => {
    const { calls } = renderWorkspace();
    expect(await screen.findByText('3000 items')).toBeDefined();
    const list = calls.find((call) => call.route === 'listWorkspaceItems');
    expect(list?.input.body).toEqual({
      projectId: 3,
      filter: { itemStatusIds: [1] },
      sort: { column: 'title', direction: 'asc' },
      offset: 0,
      limit: 100,
    });
  });

  it('shows the first rows the entry asked for, without asking again; a new sort asks anew', async () => {
    const { calls } = renderWorkspace({ fromEntry: true });
    expect(await screen.findByText('3000 items')).toBeDefined();
    const firstPages = () =>
      calls.filter((call) => call.route === 'listWorkspaceItems' && call.input.body?.offset === 0);
    expect(firstPages()).toHaveLength(1);
    expect(screen.getAllByTestId('workspace-row')[0]?.textContent).toContain('Item 1');
    fireEvent.click(screen.getByRole('button', { name: 'Updated' }));
    await waitFor(() => expect(firstPages()).toHaveLength(2));
    expect(firstPages()[1]?.input.body?.sort).toEqual({ column: 'updated', direction: 'asc' });
  });

  it('renders rows that arrived before its code in its first render, asking nothing again', async () => {
    const { calls, rendered } = renderWorkspace({ fromEntry: true, answered: true });
    await rendered;
    // No waiting: the first commit has the rows.
    expect(screen.getAllByTestId('workspace-row')[0]?.textContent).toContain('Item 1');
    expect(screen.getByText('3000 items')).toBeDefined();
    await new Promise((done) => setTimeout(done, 50));
    expect(calls.filter((call) => call.route === 'listWorkspaceItems')).toHaveLength(1);
  });

  it('asks for a small first page, then the next 500 rows as the table nears its end', async () => {
    const { calls } = renderWorkspace();
    await screen.findByText('3000 items');
    const table = screen.getByRole('table', { name: 'Items of the project' });
    const pagesAsked = () =>
      calls
        .filter((call) => call.route === 'listWorkspaceItems')
        .map((call) => [call.input.body?.offset, call.input.body?.limit]);
    expect(pagesAsked()).toEqual([[0, 100]]);
    // Row 60 of the 100 loaded at the top of the view: fewer than 50 rows left below it.
    table.scrollTop = 60 * 34;
    fireEvent.scroll(table);
    await waitFor(() =>
      expect(pagesAsked()).toEqual([
        [0, 100],
        [100, 500],
      ]),
    );
    expect(await screen.findByText('Item 61')).toBeDefined();
  });

  it('renders only the rows in view of thousands', async () => {
    renderWorkspace();
    await screen.findByText('3000 items');
    const rendered = await screen.findAllByTestId('workspace-row');
    expect(rendered.length).toBeGreaterThan(10);
    expect(rendered.length).toBeLessThan(80);
    expect(within(rendered[0] ?? document.body).getByText('Item 1')).toBeDefined();
  });

  it('sorts by a header click and keeps the sort in the address', async () => {
    renderWorkspace();
    await screen.findByText('3000 items');
    fireEvent.click(screen.getByRole('button', { name: /^Title/ }));
    await waitFor(() => expect(window.location.search).toContain('sort=title.desc'));
    fireEvent.click(screen.getByRole('button', { name: 'Page' }));
    await waitFor(() => expect(window.location.search).toContain('sort=page.asc'));
  });

  it('changes the status of the selected items at once, and undoes it', async () => {
    const { calls } = renderWorkspace();
    await screen.findByText('3000 items');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Item 1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Item 2' }));
    expect(screen.getByText('2 items selected')).toBeDefined();
    const setStatus = screen.getByRole('combobox', { name: 'Set status' });
    await userEvent.click(setStatus);
    const listbox = await waitFor(() => {
      const element = document.getElementById(setStatus.getAttribute('aria-controls') ?? '');
      if (!element) throw new Error('The status list is not open');
      return element;
    });
    await userEvent.click(within(listbox).getByRole('option', { name: 'Done', hidden: true }));
    const undo = await screen.findByRole('button', { name: 'Undo (2 changed)' });
    expect(calls.find((call) => call.route === 'bulkUpdateItems')?.input.body).toEqual({
      projectId: 3,
      itemIds: [1, 2],
      change: { itemStatusId: 2 },
    });
    fireEvent.click(undo);
    await waitFor(() => expect(calls.some((call) => call.route === 'restoreItems')).toBe(true));
    expect(calls.find((call) => call.route === 'restoreItems')?.input.body).toMatchObject({
      projectId: 3,
      items: [{ itemId: 1, itemStatusId: 1 }, { itemId: 2 }],
    });
  });

  it('adds typed tags to the selected items in one request', async () => {
    const { calls } = renderWorkspace();
    await screen.findByText('3000 items');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Item 3' }));
    await userEvent.type(
      screen.getByLabelText('Tags to add or remove', { selector: 'input' }),
      'triage{Enter}',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add tags' }));
    await waitFor(() =>
      expect(calls.find((call) => call.route === 'bulkUpdateItems')?.input.body).toEqual({
        projectId: 3,
        itemIds: [3],
        change: { addTags: ['triage'] },
      }),
    );
  });

  it('saves the view with its filters, sort and columns, and opens a saved one', async () => {
    const { calls } = renderWorkspace();
    await screen.findByText('3000 items');
    fireEvent.click(screen.getByRole('button', { name: 'Saved views' }));
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'Save this view as', hidden: true }),
      'Mine',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save', hidden: true }));
    await waitFor(() =>
      expect(calls.find((call) => call.route === 'saveView')?.input.body).toMatchObject({
        projectId: 3,
        name: 'Mine',
        state: {
          filter: { itemStatusIds: [1] },
          sort: { column: 'title', direction: 'asc' },
          layout: 'table',
          boardGroup: 'status',
        },
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Board of bugs', hidden: true }));
    await waitFor(() => expect(window.location.search).toBe('?org=2&project=3&q=safari&type=4'));
    expect(screen.getByRole('button', { name: 'View: Board of bugs' })).toBeDefined();
  });

  it('in a closed organization: says so, lists the rows, and offers no change at all', async () => {
    const { calls } = renderWorkspace({ isClosed: true });
    expect(await screen.findByText('3000 items')).toBeDefined();
    expect(screen.getByRole('status').textContent).toContain('This organization is closed');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Item 1' }));
    expect(screen.queryByRole('combobox', { name: 'Set status' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Import CSV' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Saved views' })).toBeNull();
    expect(calls.map((call) => call.route)).not.toContain('bulkUpdateItems');
  });
});
