// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Feature, TAttachment } from '@waymark/core';
import { describe, expect, it, vi } from 'vitest';
import { createFakeChrome } from '../../../../test/fake-chrome-api';
import { renderPage } from '../../../../test/render-page';
import { AttachmentsSection } from './attachments-section';

const LOG: TAttachment = {
  attachmentId: 11,
  itemId: 4,
  fileName: 'console.log',
  sizeBytes: 4300,
  contentType: 'application/octet-stream',
  sha256: 'ab',
  uploadedBy: 'Ada Admin',
  uploadedAt: '2026-11-23T10:00:00.000Z',
  isImage: false,
};

/** Renders the section with the worker answering `callApi` from `answer`. */
function renderSection(
  planFeatures: Feature[],
  answer: (route: string, input: unknown) => unknown,
) {
  const fake = createFakeChrome();
  vi.mocked(fake.api.runtime.sendMessage).mockImplementation((message) => {
    const { type, payload } = message as {
      type: string;
      payload: { route: string; input: unknown };
    };
    if (type !== 'callApi') return Promise.resolve({ ok: true, value: null });
    return Promise.resolve({ ok: true, value: answer(payload.route, payload.input) });
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderPage(
    <QueryClientProvider client={queryClient}>
      <AttachmentsSection itemId={4} planFeatures={planFeatures} />
    </QueryClientProvider>,
    fake,
  );
  return fake;
}

describe('AttachmentsSection', () => {
  it('keeps files listed and downloadable on a plan without attachments, and names the plan', async () => {
    renderSection([], () => [LOG]);
    const card = await screen.findByTestId('attachment');
    expect(card.textContent).toContain('console.log');
    expect(card.textContent).toContain('4.2 KB · application/octet-stream');
    expect(card.textContent).toContain('Ada Admin');
    const download = within(card).getByRole('button', { name: 'Download console.log' });
    expect(download).toHaveProperty('disabled', false);
    expect(screen.getByTestId('plan-gate-attachments').textContent).toBe(
      'Available on Standard and higher',
    );
    expect(screen.queryByRole('button', { name: 'Add files' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Capture screenshot' })).toBeNull();
  });

  it('offers the picker, drop, paste and capture on a plan with attachments', async () => {
    renderSection(['attachments'], () => []);
    await screen.findByText('No files attached.');
    expect(screen.queryAllByTestId('attachment')).toEqual([]);
    const offered = screen.getAllByRole('button').map((button) => button.textContent);
    expect(offered).toEqual(expect.arrayContaining(['Add files', 'Capture screenshot']));
    expect(screen.getByTestId('attachment-drop-zone').getAttribute('aria-label')).toBe(
      'Add attachments: drop or paste files here',
    );
    expect(screen.queryByTestId('plan-gate-attachments')).toBeNull();
  });

  it('deletes a file only once the user confirms', async () => {
    const calls: [string, unknown][] = [];
    renderSection(['attachments'], (route, input) => {
      calls.push([route, input]);
      return route === 'getItemAttachments' ? [LOG] : 'Attachment deleted successfully';
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete console.log' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete attachment' });
    expect(calls.some(([route]) => route === 'deleteAttachment')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete attachment' }));
    await waitFor(() =>
      expect(calls).toContainEqual([
        'deleteAttachment',
        { params: { itemId: 4, attachmentId: 11 } },
      ]),
    );
  });
});
