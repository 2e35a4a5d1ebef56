// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SUPPORT_EMAIL } from '@waymark/core';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../testing/render-app';

async function footerOf(path: string): Promise<HTMLElement> {
  renderApp(path);
  await screen.findByRole('heading', { level: 1 });
  return screen.getByRole('contentinfo');
}

// The sign-in guard is the identity feature's to test; here every admin screen is let through.
vi.mock('../../app/guards', () => ({
  RequireAdmin: ({ children }: { children: ReactNode }) => children,
}));

describe('footer (spec §2: on every page)', () => {
  it.each([
    '/client/home/product-info',
    '/client/user-guide',
    '/client/extension-welcome-page',
    '/client/app/account',
    '/client/non-admin',
  ])('is on %s with support, Terms, Privacy Policy and User Guide links', async (path) => {
    const footer = within(await footerOf(path));
    expect(footer.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe(
      `mailto:${SUPPORT_EMAIL}`,
    );
    expect(footer.getByRole('link', { name: 'Terms' }).getAttribute('href')).toBe(
      '/client/home/terms',
    );
    expect(footer.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      '/client/home/terms',
    );
    const guide = footer.getByRole('link', { name: /user guide/i });
    expect(guide.getAttribute('href')).toBe('/client/user-guide');
    expect(guide.getAttribute('target')).toBe('_blank');
    expect(guide.getAttribute('rel')).toContain('noopener');
  });

  it.each(['Terms', 'Privacy Policy'])('%s opens home/terms scrolled to the top', async (name) => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const { router } = renderApp('/client/home/faq-page');
    await screen.findByRole('heading', { level: 1 });
    fireEvent.click(within(screen.getByRole('contentinfo')).getByRole('link', { name }));
    await waitFor(() =>
      expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
        'Terms of Use and Privacy Policy',
      ]),
    );
    expect(router.state.location.pathname).toBe('/client/home/terms');
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0 });
  });
});
