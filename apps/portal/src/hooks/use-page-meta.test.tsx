// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../testing/render-app';

function description(): string | null {
  return document.querySelector('meta[name="description"]')?.getAttribute('content') ?? null;
}

// The sign-in guard is the identity feature's to test; here every admin screen is let through.
vi.mock('../app/guards', () => ({
  RequireAdmin: ({ children }: { children: ReactNode }) => children,
}));

describe('page title and description', () => {
  it('gives each public page its own title and a single meta description', async () => {
    const seen = new Map<string, string | null>();
    for (const path of [
      'home/product-info',
      'home/use-cases',
      'home/plans-pricing',
      'home/faq-page',
      'home/about-us',
      'home/terms',
      'user-guide',
      'extension-welcome-page',
    ]) {
      document.title = '';
      const { unmount } = renderApp(`/client/${path}`);
      await screen.findByRole('heading', { level: 1 });
      // The title is set in an effect after the heading renders (a loaded machine shows the gap).
      await waitFor(() => expect(document.title).toMatch(/ \| Waymark$/));
      seen.set(document.title, description());
      expect(document.querySelectorAll('meta[name="description"]')).toHaveLength(1);
      unmount();
    }
    expect(seen.size).toBe(8);
    expect(new Set(seen.values()).size).toBe(8);
  }, 60_000);
});
