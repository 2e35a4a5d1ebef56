// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CAPTURE_NEEDS_CLICK, CAPTURE_NEEDS_PERMISSION } from '../../../../messaging/index';
import { createFakeChrome } from '../../../../test/fake-chrome-api';
import { renderPage } from '../../../../test/render-page';
import { CaptureButton } from './capture-button';

const TAB = { tabId: 5, windowId: 1, url: 'https://shop.example.com/pay', title: 'Pay' };

/** Renders the button with the worker answering `captureTab` through `capture`. */
function renderButton(
  capture: () => { ok: boolean; value?: string; code?: string; error?: string },
) {
  const fake = createFakeChrome();
  vi.mocked(fake.api.runtime.sendMessage).mockImplementation((message) => {
    const { type } = message as { type: string };
    if (type === 'getActiveTab') return Promise.resolve({ ok: true, value: TAB });
    if (type === 'captureTab') return Promise.resolve(capture());
    return Promise.resolve({ ok: true, value: null });
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderPage(
    <QueryClientProvider client={queryClient}>
      <CaptureButton onCaptured={() => undefined} />
    </QueryClientProvider>,
    fake,
  );
  return fake;
}

describe('CaptureButton', () => {
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
});
