// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PAGE_LOG_MESSAGES, PAGE_LOG_SWITCH_LABEL } from '../../../../page-log/index';
import { expectNoAxeViolations } from '../../../../test/expect-no-axe-violations';
import { createFakeChrome } from '../../../../test/fake-chrome-api';
import { renderPage } from '../../../../test/render-page';
import { ConsoleLogTools } from './console-log-tools';

const TAB = { tabId: 5, windowId: 1, url: 'https://shop.example.com/pay', title: 'Pay' };

/** Renders the entry on the shop's tab; the site is allowed unless told otherwise. */
function renderTools({ isAllowed = true } = {}) {
  const fake = createFakeChrome();
  if (isAllowed) fake.grantedOrigins.add('https://shop.example.com/*');
  vi.mocked(fake.api.runtime.sendMessage).mockImplementation((message) => {
    const { type } = message as { type: string };
    if (type === 'getActiveTab') return Promise.resolve({ ok: true, value: TAB });
    return Promise.resolve({ ok: true, value: null });
  });
  const onCaptured = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderPage(
    <QueryClientProvider client={queryClient}>
      <ConsoleLogTools onCaptured={onCaptured} />
    </QueryClientProvider>,
    fake,
  );
  return { fake, onCaptured };
}

async function enabledSwitch() {
  const toggle = await screen.findByRole('switch', { name: PAGE_LOG_SWITCH_LABEL });
  await waitFor(() => expect(toggle).toHaveProperty('disabled', false));
  return toggle as HTMLInputElement;
}

describe('ConsoleLogTools', () => {
  it('turns recording on for the site, then attaches the page log as a text file', async () => {
    const { fake, onCaptured } = renderTools();
    const toggle = await enabledSwitch();
    expect(toggle.checked).toBe(false);
    await expectNoAxeViolations('console log entry');
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.checked).toBe(true));
    expect(fake.api.scripting.setPageScript).toHaveBeenCalledWith(
      expect.objectContaining({ matches: ['https://shop.example.com/*'] }),
    );
    vi.mocked(fake.api.scripting.callInPage).mockResolvedValue([
      { time: 0, kind: 'error', text: 'boom' },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Attach console and network log' }));
    await waitFor(() => expect(onCaptured).toHaveBeenCalledTimes(1));
    const file = onCaptured.mock.calls[0]![0] as File;
    expect(file.type).toBe('text/plain');
    expect(file.name).toMatch(/^console-log-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.txt$/);
    expect(await file.text()).toContain('1970-01-01T00:00:00.000Z  ERROR  boom');
    expect(screen.getByRole('status').textContent).toBe(`Added ${file.name} to the attachments.`);
    await expectNoAxeViolations('console log attached');
  });

  it('says to turn the switch on first, and attaches nothing', async () => {
    const { onCaptured } = renderTools();
    await enabledSwitch();
    fireEvent.click(screen.getByRole('button', { name: 'Attach console and network log' }));
    expect((await screen.findByRole('alert')).textContent).toBe(PAGE_LOG_MESSAGES.off);
    expect(onCaptured).not.toHaveBeenCalled();
  });

  it('refuses to record on a site the user has not allowed; the switch stays off', async () => {
    const { fake } = renderTools({ isAllowed: false });
    const toggle = await enabledSwitch();
    fireEvent.click(toggle);
    expect((await screen.findByRole('alert')).textContent).toBe(PAGE_LOG_MESSAGES.needsSite);
    expect(toggle.checked).toBe(false);
    expect(fake.api.scripting.setPageScript).not.toHaveBeenCalled();
  });
});
