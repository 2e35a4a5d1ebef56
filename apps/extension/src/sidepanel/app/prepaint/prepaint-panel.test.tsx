// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SERVER_URL_KEY } from '../../../settings/server-url-store';
import { createFakeChrome } from '../../../test/fake-chrome-api';
import { makeItemSummary } from '../../../test/item-summary';
import { renderPage } from '../../../test/render-page';
import { makePanelStart } from '../../../test/panel-start';
import { pageOfItems } from '../../../test/render-page-panel';
import { describeItem } from '../../shared/item-row/describe-item';
import { SidePanelApp } from '../side-panel-app';
import { rememberListTop } from '../../shared/list-top';
import { PREPAINT_ATTRIBUTE, prepaintPanel } from './prepaint-panel';

const TAB = { tabId: 4, windowId: 1, url: 'https://shop.example.com/checkout', title: 'Checkout' };
const ITEMS = [
  makeItemSummary({ itemId: 1, title: 'Pay button is grey', projectId: 3, tags: ['ui'] }),
  makeItemSummary({ itemId: 2, title: 'Totals round wrong', projectId: 3, noteCount: 2 }),
];
const UPDATED_AT = Date.UTC(2026, 0, 2, 9, 30);
const START = makePanelStart(TAB, {
  page: pageOfItems(ITEMS),
  updatedAt: UPDATED_AT,
  isOffline: false,
});

let root: HTMLElement;
beforeEach(() => {
  root = document.body.appendChild(document.createElement('div'));
});
afterEach(() => {
  root.remove();
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** The first row's menu button's dots: the pre-paint draws the icon React's row menu draws. */
const menuDots = () =>
  [...root.querySelectorAll('li')[0]!.querySelectorAll('svg path')]
    .map((path) => path.getAttribute('d') ?? '')
    .filter((d) => !d.startsWith('M0 0'));
const rowButtons = () => [...root.querySelectorAll<HTMLButtonElement>('[data-item-row]')];

describe('prepaintPanel', () => {
  it('paints the kept rows as the panel renders them, inert and busy', () => {
    expect(prepaintPanel(root, START)).toBe(true);
    const panel = root.querySelector<HTMLElement>(`[${PREPAINT_ATTRIBUTE}]`)!;
    expect(panel.inert).toBe(true);
    expect(panel.getAttribute('aria-busy')).toBe('true');
    expect(panel.querySelector('h1')?.textContent).toBe('Waymark');
    expect(rowButtons().map((row) => row.getAttribute('data-item-row'))).toEqual(['1', '2']);
    expect(rowButtons().map((row) => row.textContent)).toEqual(
      ITEMS.map((item) => `${item.title}${describeItem(item, false)}`),
    );
    expect(rowButtons()[0]!.title).toBe('Pay button is grey');
    expect(root.textContent).not.toContain('offline');
  });

  it('marks kept items shown offline as the panel does', () => {
    const offline = { ...START.snapshot!, value: { ...START.snapshot!.value, isOffline: true } };
    prepaintPanel(root, { ...START, snapshot: offline });
    expect(root.textContent).toMatch(/offline — last updated .*2026/);
  });

  it('puts the rows where the panel laid out its list last time', () => {
    const list = document.createElement('ul');
    list.getBoundingClientRect = () => ({ top: 180 }) as DOMRect;
    rememberListTop(list);
    prepaintPanel(root, START);
    expect(root.querySelector('ul')?.style.marginTop).toBe('180px');
  });

  it('takes the list top read beforehand, without reading the storage itself', () => {
    const getItem = vi.spyOn(Storage.prototype, 'getItem');
    prepaintPanel(root, START, 150);
    expect(getItem).not.toHaveBeenCalled();
    expect(root.querySelector('ul')?.style.marginTop).toBe('150px');
    getItem.mockRestore();
  });

  it.each([
    ['no answer from the worker', null],
    ['no kept page', { ...START, snapshot: null }],
    ['a signed-out user', { ...START, session: { signedIn: false } as const }],
    ['a tab without a web page', { ...START, tab: { ...TAB, url: 'chrome://newtab/' } }],
    [
      'a page of no project',
      {
        ...START,
        snapshot: {
          ...START.snapshot!,
          value: { ...START.snapshot!.value, page: { ...pageOfItems([]), projectId: null } },
        },
      },
    ],
  ])('paints nothing for %s', (_case, start) => {
    root.textContent = 'untouched';
    expect(prepaintPanel(root, start)).toBe(false);
    expect(root.textContent).toBe('untouched');
  });

  it("is replaced by React's first render, rows with the same markup", async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(Response.json({ ok: true })));
    prepaintPanel(root, START);
    const painted = rowButtons().map((row) => [row.className, row.closest('li')!.className]);
    expect(painted[0]![1]).toMatch(/row/);
    const paintedDots = menuDots();
    expect(paintedDots).toHaveLength(3);
    const fake = createFakeChrome();
    fake.syncStorage.set(SERVER_URL_KEY, 'https://waymark.example.com');
    vi.mocked(fake.api.runtime.sendMessage).mockImplementation(() => new Promise(() => undefined));
    renderPage(<SidePanelApp start={START} />, fake, { container: root });
    await screen.findByRole('button', { name: 'Pay button is grey' });
    expect(root.querySelector(`[${PREPAINT_ATTRIBUTE}]`)).toBeNull();
    expect(rowButtons().map((row) => [row.className, row.closest('li')!.className])).toEqual(
      painted,
    );
    expect(menuDots()).toEqual(paintedDots);
  });
});
