// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { makeItemDetail, makeItemSummary } from '../../../test/item-summary';
import { renderPage } from '../../../test/render-page';
import { pageOfItems, renderPagePanel } from '../../../test/render-page-panel';
import { CheatSheet } from './cheat-sheet';
import { isTypingTarget } from './shortcut-keys';

const ITEMS = ['Pay by card', 'Refunds', 'Gift cards'].map((title, index) =>
  makeItemSummary({ itemId: index + 1, title, projectId: 3 }),
);

function renderList() {
  renderPagePanel((route) => {
    if (route === 'getPageItems') return pageOfItems(ITEMS);
    if (route === 'getItem') return makeItemDetail(ITEMS[1]!);
    if (route === 'getItemTracker') return { connections: [], link: null };
    if (route === 'getStatusOptions') return [{ itemStatusId: 1, itemStatusDescription: 'Open' }];
    if (route === 'getItemTypeOptions')
      return [{ itemTypeId: 1, itemTypeDescription: 'User Story' }];
    return [];
  });
}

const row = (title: string) => screen.getByRole('button', { name: title });

describe('the keyboard walk through the list', () => {
  it('moves with j/k, opens with Enter, goes back with Esc, searches with /', async () => {
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Items on this page (3)');
    await user.keyboard('j');
    expect(document.activeElement).toBe(row('Pay by card'));
    await user.keyboard('jj');
    expect(document.activeElement).toBe(row('Gift cards'));
    await user.keyboard('j');
    expect(document.activeElement).toBe(row('Gift cards'));
    await user.keyboard('k');
    expect(document.activeElement).toBe(row('Refunds'));
    await user.keyboard('{Enter}');
    const detail = await screen.findByRole('article', { name: 'Item' });
    await vi.waitFor(() => expect(detail.textContent).toContain('Refunds'));
    await user.keyboard('{Escape}');
    await vi.waitFor(() =>
      expect(screen.getByText(/^Items on this page/).textContent).toBe('Items on this page (3)'),
    );
    expect(screen.queryByRole('article', { name: 'Item' })).toBeNull();
    // Back on the row it came from, so j/k continue from there.
    expect(document.activeElement).toBe(row('Refunds'));

    await user.keyboard('/');
    const search = screen.getByRole('textbox', { name: 'Search' });
    expect(document.activeElement).toBe(search);
    // Typed into the field, j, k, n and s are letters, not shortcuts.
    await user.keyboard('jkns');
    expect((search as HTMLInputElement).value).toBe('jkns');
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('starts a new item with n and opens the row menu with s', async () => {
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Items on this page (3)');
    await user.keyboard('s');
    await vi.waitFor(() => expect(document.activeElement?.closest('[role="menu"]')).not.toBeNull());
    const open = await screen.findByRole('menuitemradio', { name: 'Open', hidden: true });
    expect(open.getAttribute('aria-checked')).toBe('true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('form')).toBeNull();
    await user.keyboard('n');
    const form = await screen.findByRole('form', { name: 'Add Item' });
    expect(within(form).getByRole('button', { name: 'Create item' })).toHaveProperty(
      'disabled',
      false,
    );
  });
});

/** The cheat sheet as the panel menu holds it: closed until `?` (or the menu) opens it. */
function SheetWithKey() {
  const [isOpen, setIsOpen] = useState(false);
  return <CheatSheet isOpen={isOpen} onOpenChange={setIsOpen} />;
}

describe('CheatSheet', () => {
  it('opens on ? and lists every shortcut', async () => {
    const user = userEvent.setup();
    renderPage(<SheetWithKey />);
    await user.keyboard('?');
    const sheet = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect([...sheet.querySelectorAll('kbd')].map((kbd) => kbd.textContent)).toEqual([
      '/',
      'j',
      'k',
      'Enter',
      'Esc',
      'n',
      's',
      'Ctrl',
      'Enter',
      '?',
    ]);
  });
});

describe('isTypingTarget', () => {
  it('is true in text fields, selects and editors, false on buttons and checkboxes', () => {
    const make = (html: string) => {
      const box = document.createElement('div');
      box.innerHTML = html;
      return box.firstElementChild;
    };
    expect(isTypingTarget(make('<input type="text">'))).toBe(true);
    expect(isTypingTarget(make('<input type="search">'))).toBe(true);
    expect(isTypingTarget(make('<textarea></textarea>'))).toBe(true);
    expect(isTypingTarget(make('<select></select>'))).toBe(true);
    const editor = make('<div contenteditable="true"></div>') as HTMLElement;
    Object.defineProperty(editor, 'isContentEditable', { value: true });
    expect(isTypingTarget(editor)).toBe(true);
    expect(isTypingTarget(make('<button>Open</button>'))).toBe(false);
    expect(isTypingTarget(make('<input type="checkbox">'))).toBe(false);
  });
});
