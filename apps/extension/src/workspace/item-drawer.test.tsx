// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen } from '@testing-library/react';
import type { TItemTracker, TWorkspaceItem } from '@waymark/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CallApi } from '../api/index';
import { makeItemSummary } from '../test/item-summary';
import { createFakeChrome } from '../test/fake-chrome-api';
import { renderPage } from '../test/render-page';
import { ItemDrawer } from './item-drawer';

const ITEM: TWorkspaceItem = {
  ...makeItemSummary({ itemId: 9, title: 'Pay button does nothing', projectId: 3 }),
  author: { userId: 1, fullName: 'Ada Admin' },
  createdAt: '2026-11-01T00:00:00.000Z',
};

const TRACKER: TItemTracker = {
  connections: [{ connectionId: 4, vendor: 'github', target: 'acme/shop' }],
  link: {
    connectionId: 4,
    vendor: 'github',
    status: 'linked',
    issueKey: 'acme/shop#12',
    url: 'https://github.com/acme/shop/issues/12',
    state: 'done',
    stateLabel: 'closed',
    assignee: 'octo-dev',
    syncedAt: '2026-11-26T00:00:00.000Z',
  },
};

describe('the workspace item drawer', () => {
  it("shows the item's tracker issue with its state and assignee (issue 30)", async () => {
    const fake = createFakeChrome();
    const answers: Record<string, unknown> = {
      getItemTracker: TRACKER,
      getAssociatedSites: [],
      getItem: { notes: [] },
    };
    const callApi = ((route: string) => Promise.resolve(answers[route])) as unknown as CallApi;
    renderPage(
      <QueryClientProvider client={new QueryClient()}>
        <ItemDrawer item={ITEM} callApi={callApi} api={fake.api} onClose={() => undefined} />
      </QueryClientProvider>,
      fake,
    );
    const link = await screen.findByRole('link', { name: 'GitHub acme/shop#12' });
    expect(link.getAttribute('href')).toBe('https://github.com/acme/shop/issues/12');
    expect(link.parentElement?.textContent).toBe('Issue: GitHub acme/shop#12 · closed · octo-dev');
  });

  afterEach(() => vi.unstubAllGlobals());

  it('plays the item’s recordings (issue 32), fetching the bytes only on Play', async () => {
    const fake = createFakeChrome();
    const attachment = (attachmentId: number, fileName: string, contentType: string) => ({
      attachmentId,
      itemId: 9,
      fileName,
      contentType,
      sizeBytes: 2_048,
      sha256: 'x',
      isImage: false,
      uploadedBy: 'Ada Admin',
      uploadedAt: '2026-11-26T00:00:00.000Z',
    });
    const answers: Record<string, unknown> = {
      getItemTracker: { connections: [], link: null },
      getAssociatedSites: [],
      getItem: { notes: [] },
      getItemAttachments: [
        attachment(1, 'recording-2026-11-26-08-00-00.webm', 'video/webm'),
        attachment(2, 'network.har', 'application/json'),
      ],
    };
    const callApi = ((route: string) => Promise.resolve(answers[route])) as unknown as CallApi;
    const load = vi.fn(() => Promise.resolve(new Blob([new Uint8Array(8)])));
    const created: Blob[] = [];
    vi.stubGlobal('URL', {
      ...URL,
      createObjectURL: (blob: Blob) => (created.push(blob), 'blob:recording'),
      revokeObjectURL: () => undefined,
    });
    renderPage(
      <QueryClientProvider client={new QueryClient()}>
        <ItemDrawer
          item={ITEM}
          callApi={callApi}
          api={fake.api}
          onClose={() => undefined}
          loadAttachment={load}
        />
      </QueryClientProvider>,
      fake,
    );
    const recordings = await screen.findByRole('region', { name: 'Recordings' });
    expect(recordings.textContent).toContain('Recordings (1)');
    expect(recordings.textContent).not.toContain('network.har');
    expect(load).not.toHaveBeenCalled();
    fireEvent.click(
      screen.getByRole('button', { name: 'Play recording-2026-11-26-08-00-00.webm' }),
    );
    const video = await screen.findByLabelText('Play recording-2026-11-26-08-00-00.webm', {
      selector: 'video',
    });
    expect(video.getAttribute('src')).toBe('blob:recording');
    expect(load).toHaveBeenCalledWith(9, 1);
    expect(created.at(-1)?.type).toBe('video/webm');
  });
});
