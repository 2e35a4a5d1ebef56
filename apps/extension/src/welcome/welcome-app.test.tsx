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
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Waymark' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Quick tips' })).toBeTruthy();
    expect(QUICK_TIPS).toHaveLength(5);
    for (const tip of QUICK_TIPS) {
      const control = screen.getByRole('button', { name: tip.title });
      expect(control.getAttribute('aria-expanded')).toBe('true');
      expect(screen.getByText(tip.paragraphs[0] ?? '')).toBeTruthy();
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
