// @vitest-environment jsdom
import '../../testing/setup-dom';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { TopBar } from './top-bar';

function renderTopBar() {
  const onLogIn = vi.fn();
  const onSignUp = vi.fn();
  render(
    <MantineProvider env="test">
      <MemoryRouter initialEntries={['/home/faq-page']}>
        <TopBar onLogIn={onLogIn} onSignUp={onSignUp} />
      </MemoryRouter>
    </MantineProvider>,
  );
  return { onLogIn, onSignUp };
}

describe('public top bar (spec §2)', () => {
  it('links the public pages and marks the current one', () => {
    renderTopBar();
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(nav.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/home/product-info',
      '/home/use-cases',
      '/home/plans-pricing',
      '/home/faq-page',
      '/home/about-us',
    ]);
    expect(nav.getByRole('link', { name: 'FAQ' }).getAttribute('aria-current')).toBe('page');
  });

  it('hands Log In and Sign Up to the auth seam', () => {
    const { onLogIn, onSignUp } = renderTopBar();
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(onLogIn).toHaveBeenCalledOnce();
    expect(onSignUp).toHaveBeenCalledOnce();
  });

  it('opens the menu drawer from the burger, and closes it when a page is chosen', async () => {
    renderTopBar();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = within(await screen.findByRole('dialog', { name: 'Menu' }));
    expect(drawer.getAllByRole('link')).toHaveLength(5);
    expect(drawer.getAllByRole('button').map((button) => button.textContent)).toContain('Sign Up');
    fireEvent.click(drawer.getByRole('link', { name: 'Use Cases' }));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
  });
});
