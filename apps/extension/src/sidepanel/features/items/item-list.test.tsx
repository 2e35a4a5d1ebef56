// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeItemSummary } from '../../../test/item-summary';
import { renderPage } from '../../../test/render-page';
import { ItemList } from './item-list';
import { MIN_ROW_HEIGHT_PX, rowsOnScreen } from './list/use-rows-on-screen-first';

const items = (count: number) =>
  Array.from({ length: count }, (_, index) =>
    makeItemSummary({ itemId: index + 1, title: `Item ${index + 1}` }),
  );
const rowTitles = () =>
  screen.getAllByTestId('item-row').map((row) => row.querySelector('button')?.title);

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('ItemList', () => {
  it('renders first only the rows the window can show, then every row a frame later', async () => {
    vi.stubGlobal('innerHeight', 10 * MIN_ROW_HEIGHT_PX);
    renderPage(<ItemList items={items(25)} onOpen={() => undefined} />);
    // The first render (effects flushed, no frame yet): the first ten rows, in order.
    expect(rowTitles()).toEqual(items(10).map((item) => item.title));
    await vi.waitFor(() => expect(rowTitles()).toHaveLength(25));
    expect(rowTitles()).toEqual(items(25).map((item) => item.title));
  });

  it('renders a list that fits the window whole at once', () => {
    vi.stubGlobal('innerHeight', 30 * MIN_ROW_HEIGHT_PX);
    renderPage(<ItemList items={items(25)} onOpen={() => undefined} />);
    expect(rowTitles()).toHaveLength(25);
  });

  it('keeps every row when the items change after the first frame', async () => {
    vi.stubGlobal('innerHeight', 5 * MIN_ROW_HEIGHT_PX);
    let showMore = () => undefined as void;
    function Growing() {
      const [count, setCount] = useState(12);
      showMore = () => setCount(20);
      return <ItemList items={items(count)} onOpen={() => undefined} />;
    }
    renderPage(<Growing />);
    await vi.waitFor(() => expect(rowTitles()).toHaveLength(12));
    act(() => showMore());
    expect(rowTitles()).toHaveLength(20);
  });
});

describe('ItemList remembers where its list starts', () => {
  it('once the first frame is painted, not in the render that would force a layout', async () => {
    const readTop = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect');
    renderPage(<ItemList items={items(3)} onOpen={() => undefined} />);
    // The first render and its effects: no layout read yet, nothing remembered.
    expect(readTop).not.toHaveBeenCalled();
    expect(localStorage.getItem('waymark:list-top')).toBeNull();
    await vi.waitFor(() => expect(localStorage.getItem('waymark:list-top')).toBe('0'));
    expect(readTop).toHaveBeenCalledTimes(1);
    readTop.mockRestore();
  });

  it('not for project-wide results, whose list starts elsewhere', async () => {
    renderPage(<ItemList items={items(3)} onOpen={() => undefined} isPathShown />);
    await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 20)));
    expect(localStorage.getItem('waymark:list-top')).toBeNull();
  });
});

describe('rowsOnScreen', () => {
  it('rounds up, and is at least one row', () => {
    expect(rowsOnScreen(720)).toBe(18);
    expect(rowsOnScreen(721)).toBe(19);
    expect(rowsOnScreen(0)).toBe(1);
  });
});
