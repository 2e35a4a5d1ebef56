// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import type { TItemSummary } from '@waymark/core';
import { describe, expect, it, vi } from 'vitest';
import { makeItemSummary } from '../../../../test/item-summary';
import { pageOfItems, refusal, renderPagePanel } from '../../../../test/render-page-panel';

const STATUSES = [
  { itemStatusId: 1, itemStatusDescription: 'Open' },
  { itemStatusId: 2, itemStatusDescription: 'Closed' },
];
const PEOPLE = [{ userId: 9, fullName: 'Ada Admin', email: 'ada@example.com' }];

/** A page of project 3 with `items`, answering the option lists the row menu loads. */
function answerPage(items: TItemSummary[]) {
  return (route: string): unknown => {
    if (route === 'getPageItems') return pageOfItems(items);
    if (route === 'getStatusOptions') return STATUSES;
    if (route === 'getAssigneeOptions') return PEOPLE;
    if (route === 'getItemTypeOptions' || route === 'getReleaseOptions') return [];
    return undefined;
  };
}

const CARD = makeItemSummary({ itemId: 1, title: 'Pay by card', projectId: 3 });

/** The facts line of the row of `title`. */
const factsOf = (title: string) =>
  screen.getByRole('button', { name: title }).getAttribute('aria-describedby') ?? '';
const rowFacts = (title: string) => document.getElementById(factsOf(title))?.textContent ?? '';

// Mantine leaves menus display:none in jsdom (no transitions), hence `hidden: true`.
async function chooseInRowMenu(title: string, choice: string) {
  const row = (await screen.findByRole('button', { name: title })).closest('li')!;
  fireEvent.click(within(row).getByRole('button', { name: 'Item actions' }));
  fireEvent.click(await screen.findByRole('menuitemradio', { name: choice, hidden: true }));
}

describe('acting on an item from the list', () => {
  it('shows a status change at once, sends it, and undoes it on Undo', async () => {
    const updates: unknown[] = [];
    let accept = () => undefined as void;
    const answer = answerPage([CARD]);
    renderPagePanel((route, input) => {
      if (route !== 'updateItem') return answer(route);
      updates.push(input);
      return new Promise((resolve) => {
        accept = () => resolve({ ...CARD, itemStatusId: 2 });
      });
    });
    await chooseInRowMenu('Pay by card', 'Closed');
    // Optimistic: the row says Closed before the server answered.
    await vi.waitFor(() => expect(rowFacts('Pay by card')).toContain('Closed'));
    expect(updates).toEqual([{ body: { itemId: 1, itemStatusId: 2 } }]);
    accept();
    const notice = await screen.findByText('Status of “Pay by card” set to Closed');
    fireEvent.click(
      within(notice.closest('[role="status"]')!).getByRole('button', { name: 'Undo' }),
    );
    await vi.waitFor(() =>
      expect(updates.at(-1)).toEqual({ body: { itemId: 1, itemStatusId: 1 } }),
    );
    accept();
    await vi.waitFor(() => expect(rowFacts('Pay by card')).toContain('Open'));
  });

  it("rolls a refused change back and shows the server's message", async () => {
    const answer = answerPage([CARD]);
    const message = 'Your plan (Free) does not include assigning items.';
    renderPagePanel((route) => {
      if (route === 'updateItem') throw refusal(message, 'PLAN_LIMIT');
      return answer(route);
    });
    await chooseInRowMenu('Pay by card', 'Ada Admin');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The assignee was not changed');
    expect(alert.textContent).toContain(message);
    expect(
      within(alert)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toContain('account page');
    expect(rowFacts('Pay by card')).not.toContain('Ada Admin');
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('hides a deleted item at once, brings it back on Undo, and deletes only when Undo ends', async () => {
    const deleted: unknown[] = [];
    const answer = answerPage([
      CARD,
      makeItemSummary({ itemId: 2, title: 'Refunds', projectId: 3 }),
    ]);
    renderPagePanel((route, input) => {
      if (route === 'deleteItem') deleted.push(input);
      return answer(route);
    }, 300);
    const row = (await screen.findByRole('button', { name: 'Pay by card' })).closest('li')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Item actions' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete', hidden: true }));
    expect(screen.queryByRole('button', { name: 'Pay by card' })).toBeNull();
    expect(screen.getByText(/^Items on this page/).textContent).toBe('Items on this page (1)');
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await screen.findByRole('button', { name: 'Pay by card' });
    expect(screen.getByText(/^Items on this page/).textContent).toBe('Items on this page (2)');
    expect(deleted).toEqual([]);

    const again = screen.getByRole('button', { name: 'Pay by card' }).closest('li')!;
    fireEvent.click(within(again).getByRole('button', { name: 'Item actions' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete', hidden: true }));
    await vi.waitFor(() => expect(deleted).toEqual([{ params: { itemId: 1 } }]));
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });
});
