// @vitest-environment jsdom
import { Menu } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from './render-page';

// The DOM test set-up fixes what jsdom gets wrong at its cause, and keeps real warnings loud.
describe('renderPage in jsdom', () => {
  afterEach(() => vi.restoreAllMocks());

  it('creates <search> with the HTMLElement interface, as browsers do; unknown tags stay unknown', () => {
    const toString = (element: Element) => Object.prototype.toString.call(element);
    expect(toString(document.createElement('search'))).toBe('[object HTMLElement]');
    expect(document.createElement('search')).toBeInstanceOf(HTMLElement);
    expect(toString(document.createElement('serch'))).toBe('[object HTMLUnknownElement]');
  });

  it('renders <search> without React warning, and still warns about a misspelt tag', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { container } = renderPage(<search aria-label="Filter items" />);
    expect(container.querySelector('search')?.getAttribute('aria-label')).toBe('Filter items');
    expect(errors).not.toHaveBeenCalled();
    const Misspelt = 'serch' as unknown as 'search';
    renderPage(<Misspelt />);
    expect(errors).toHaveBeenCalledWith(
      expect.stringContaining('is unrecognized in this browser'),
      'serch',
    );
  });

  it('opens a Menu whose focus trap finds its first item (no focus-trap warning)', async () => {
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderPage(
      <Menu defaultOpened withinPortal={false} withInitialFocusPlaceholder={false}>
        <Menu.Target>
          <button type="button">Open</button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item>First</Menu.Item>
          <Menu.Item>Second</Menu.Item>
        </Menu.Dropdown>
      </Menu>,
    );
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'First' })),
    );
    expect(screen.getByRole('menu').style.display).not.toBe('none');
    expect(warnings).not.toHaveBeenCalled();
  });
});
