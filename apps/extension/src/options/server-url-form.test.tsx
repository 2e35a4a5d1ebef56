// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { descriptionOf } from '../test/aria-text';
import { createFakeChrome } from '../test/fake-chrome-api';
import { SERVER_URL_KEY } from '../settings/server-url-store';
import { renderPage } from '../test/render-page';
import { OptionsApp } from './options-app';

async function typeAndSave(url: string) {
  const input = await screen.findByRole('textbox', { name: /Server URL/ });
  await expect.poll(() => (input as HTMLInputElement).disabled).toBe(false);
  fireEvent.change(input, { target: { value: url } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  return input as HTMLInputElement;
}

describe('Options: server URL', () => {
  it('shows the saved server URL', async () => {
    const fake = createFakeChrome();
    fake.syncStorage.set(SERVER_URL_KEY, 'https://waymark.example.com');
    renderPage(<OptionsApp />, fake);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: /Server URL/ });
    await expect.poll(() => input.value).toBe('https://waymark.example.com');
  });

  it('saves a valid URL as its origin and confirms it', async () => {
    const { fake } = renderPage(<OptionsApp />);
    const input = await typeAndSave('https://waymark.example.com/');
    expect((await screen.findByRole('status')).textContent).toBe(
      'Saved. Waymark now uses https://waymark.example.com.',
    );
    expect(input.value).toBe('https://waymark.example.com');
    expect(fake.syncStorage.get(SERVER_URL_KEY)).toBe('https://waymark.example.com');
  });

  it('explains an invalid URL and keeps the previous setting', async () => {
    const { fake } = renderPage(<OptionsApp />);
    const input = await typeAndSave('https://waymark.example.com/client');
    await vi.waitFor(() =>
      expect(descriptionOf(input)).toContain(
        'Enter only the server address, without a path: for example https://waymark.example.com.',
      ),
    );
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('status')).toBeNull();
    expect(fake.syncStorage.has(SERVER_URL_KEY)).toBe(false);
  });
});
