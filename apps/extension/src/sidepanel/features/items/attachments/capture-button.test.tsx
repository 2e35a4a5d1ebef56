// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  CAPTURE_NEEDS_CLICK,
  CAPTURE_NEEDS_PERMISSION,
  PAGE_NEEDS_PERMISSION,
} from '../../../../messaging/index';
import { createFakeChrome } from '../../../../test/fake-chrome-api';
import { renderPage } from '../../../../test/render-page';
import { CaptureTools } from './capture-tools';

const TAB = { tabId: 5, windowId: 1, url: 'https://shop.example.com/pay', title: 'Pay' };

type Answer = { ok: boolean; value?: unknown; code?: string; error?: string };

/** Renders the capture entries with the worker answering `captureTab` (or `kind`) through `capture`. */
function renderButton(capture: () => Answer | Promise<Answer>, kind = 'captureTab') {
  const fake = createFakeChrome();
  vi.mocked(fake.api.runtime.sendMessage).mockImplementation((message) => {
    const { type } = message as { type: string };
    if (type === 'getActiveTab') return Promise.resolve({ ok: true, value: TAB });
    if (type === kind) return Promise.resolve(capture());
    return Promise.resolve({ ok: true, value: null });
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderPage(
    <QueryClientProvider client={queryClient}>
      <CaptureTools onFiles={() => undefined} />
    </QueryClientProvider>,
    fake,
  );
  return fake;
}

describe('CaptureTools', () => {
  it('offers the one-time permission when the worker needs it, then captures at once', async () => {
    const capture = vi
      .fn()
      .mockReturnValueOnce({ ok: false, code: 'FORBIDDEN', error: CAPTURE_NEEDS_PERMISSION })
      .mockReturnValue({ ok: true, value: 'data:image/png;base64,AAAA' });
    const fake = renderButton(capture);
    const button = await screen.findByRole('button', { name: 'Capture screenshot' });
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    fireEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toContain(CAPTURE_NEEDS_PERMISSION);
    fireEvent.click(screen.getByRole('button', { name: 'Allow capture from the panel' }));
    await waitFor(() => expect(capture).toHaveBeenCalledTimes(2));
    expect(fake.api.permissions.requestApi).toHaveBeenCalledWith(['debugger']);
    expect(fake.grantedApis.has('debugger')).toBe(true);
    // The capture opens the full-size editor in a window of its own.
    await waitFor(() => expect(fake.api.windows.openPopup).toHaveBeenCalledTimes(1));
    expect(vi.mocked(fake.api.windows.openPopup).mock.calls[0]![0].url).toMatch(
      /^chrome-extension:\/\/test-extension-id\/annotate\.html\?capture=[0-9a-f-]{36}$/,
    );
    expect(screen.getByTestId('editor-open').textContent).toContain('open full size');
  });

  it('says what to click, and offers no permission, on a site the user has not allowed', async () => {
    const fake = renderButton(() => ({ ok: false, code: 'FORBIDDEN', error: CAPTURE_NEEDS_CLICK }));
    const button = await screen.findByRole('button', { name: 'Capture screenshot' });
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    fireEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toBe(CAPTURE_NEEDS_CLICK);
    expect(screen.queryByRole('button', { name: 'Allow capture from the panel' })).toBeNull();
    expect(fake.api.permissions.requestApi).not.toHaveBeenCalled();
  });

  it('a region: says what to do while the user drags, and opens nothing when Esc cancels', async () => {
    let release: (answer: Answer) => void = () => undefined;
    const fake = renderButton(
      () => new Promise<Answer>((resolve) => (release = resolve)),
      'captureRegion',
    );
    const button = await screen.findByRole('button', { name: 'Capture region' });
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    fireEvent.click(button);
    expect((await screen.findByRole('status')).textContent).toBe(
      'Drag over the part of the page to capture (Esc on the page cancels).',
    );
    release({ ok: true, value: null });
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(fake.api.windows.openPopup).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a whole page: offers the permission it needs, then opens the capped page with its notice', async () => {
    const notice = 'This page is 20,000 px tall: the image holds its top 16,384 px.';
    const capture = vi
      .fn()
      .mockReturnValueOnce({ ok: false, code: 'FORBIDDEN', error: PAGE_NEEDS_PERMISSION })
      .mockReturnValue({ ok: true, value: { imageUrl: 'data:image/png;base64,AAAA', notice } });
    const fake = renderButton(capture, 'capturePage');
    const button = await screen.findByRole('button', { name: 'Capture whole page' });
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    fireEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toContain(PAGE_NEEDS_PERMISSION);
    fireEvent.click(screen.getByRole('button', { name: 'Allow capture from the panel' }));
    await waitFor(() => expect(fake.api.windows.openPopup).toHaveBeenCalledTimes(1));
    expect(fake.api.permissions.requestApi).toHaveBeenCalledWith(['debugger']);
    expect(screen.getByTestId('capture-notice').textContent).toBe(notice);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
