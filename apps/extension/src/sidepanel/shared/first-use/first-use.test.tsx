// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, useEffect, useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { FirstUse } from './first-use';

/** A stand-in for a real menu: mounted open, it moves the focus into itself as Mantine's does. */
function OpenedMenu() {
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);
  return (
    <div role="menu" aria-label="Real menu">
      <button ref={first} type="button" role="menuitem">
        First choice
      </button>
    </div>
  );
}

/** A lazy `OpenedMenu` whose code arrives when the test says so; counts its loads. */
function deferredMenu() {
  let arrive = () => {};
  const loads = { count: 0 };
  const Menu = lazy(() => {
    loads.count += 1;
    return new Promise<{ default: typeof OpenedMenu }>((done) => {
      arrive = () => done({ default: OpenedMenu });
    });
  });
  const arrived = () =>
    act(async () => {
      arrive();
      await Promise.resolve();
    });
  return { Menu, loads, arrive: arrived };
}

function renderFirstUse(Menu: ReturnType<typeof deferredMenu>['Menu']) {
  return render(
    <FirstUse
      plain={(use) => (
        <button type="button" aria-label="Menu" onClick={use}>
          ≡
        </button>
      )}
    >
      <Menu />
    </FirstUse>,
  );
}

afterEach(cleanup);

describe('FirstUse', () => {
  it('renders only the plain button, and loads nothing, until it is used', () => {
    const { Menu, loads } = deferredMenu();
    renderFirstUse(Menu);
    expect(screen.getByRole('button', { name: 'Menu' })).toBeInstanceOf(HTMLButtonElement);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(loads.count).toBe(0);
  });

  it('keeps the clicked button shown and focused while the code loads, then opens in that click', async () => {
    const user = userEvent.setup();
    const { Menu, loads, arrive } = deferredMenu();
    renderFirstUse(Menu);
    const plain = screen.getByRole('button', { name: 'Menu' });
    await user.click(plain);
    // Loading: the same element, still focused, nothing hidden or swapped for a fallback.
    expect(loads.count).toBe(1);
    expect(screen.getByRole('button', { name: 'Menu' })).toBe(plain);
    expect(document.activeElement).toBe(plain);
    expect(plain.closest('[hidden]')).toBeNull();
    expect(plain.style.display).toBe('');
    await arrive();
    // No second click: the real control is there, open, with the focus inside it.
    const menu = screen.getByRole('menu', { name: 'Real menu' });
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'First choice' }));
    expect(menu.contains(document.activeElement)).toBe(true);
    expect(screen.queryByRole('button', { name: 'Menu' })).toBeNull();
  });

  it('opens from the keyboard the same way', async () => {
    const user = userEvent.setup();
    const { Menu, arrive } = deferredMenu();
    renderFirstUse(Menu);
    screen.getByRole('button', { name: 'Menu' }).focus();
    await user.keyboard('{Enter}');
    await arrive();
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'First choice' }));
  });
});
