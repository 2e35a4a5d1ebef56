// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { QUICK_TIPS } from '@waymark/core';
import { describe, expect, it } from 'vitest';
import { createFakeChrome } from '../test/fake-chrome-api';
import { SERVER_URL_KEY } from '../settings/server-url-store';
import { renderPage } from '../test/render-page';
import { WelcomeApp } from './welcome-app';

describe('WelcomeApp', () => {
  it('shows the five Quick tips with every section open (spec §2)', () => {
    renderPage(<WelcomeApp />);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'Welcome to Waymark',
    ]);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toContain(
      'Quick tips',
    );
    expect(QUICK_TIPS).toHaveLength(5);
    for (const tip of QUICK_TIPS) {
      const control = screen.getByRole('button', { name: tip.title });
      expect(control.getAttribute('aria-expanded')).toBe('true');
      const section = document.getElementById(control.getAttribute('aria-controls') ?? '');
      expect(section?.textContent).toContain(tip.paragraphs[0]);
    }
  });

  it('links to the user guide on the configured server', async () => {
    const fake = createFakeChrome();
    fake.syncStorage.set(SERVER_URL_KEY, 'https://waymark.example.com');
    renderPage(<WelcomeApp />, fake);
    const link = await screen.findByRole('link', { name: 'Open the Waymark user guide' });
    expect(link.getAttribute('href')).toBe('https://waymark.example.com/client/user-guide');
    expect(link.getAttribute('target')).toBe('_blank');
  });
});
