// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { TRACKER_ISSUE_TAKEN, type TItemTracker, type TTrackerLink } from '@waymark/core';
import { describe, expect, it, vi } from 'vitest';
import { createFakeChrome } from '../../../../test/fake-chrome-api';
import { renderPage } from '../../../../test/render-page';
import { TrackerSection } from './tracker-section';

const CONNECTION = { connectionId: 4, vendor: 'github' as const, target: 'acme/shop' };

const LINKED: TTrackerLink = {
  connectionId: 4,
  vendor: 'github',
  status: 'linked',
  issueKey: 'acme/shop#12',
  url: 'https://github.com/acme/shop/issues/12',
  state: 'done',
  stateLabel: 'closed',
  assignee: 'octo-dev',
  syncedAt: '2026-11-26T00:00:00.000Z',
};

type Answer = { value?: unknown; error?: { code: string; message: string } };

/** Item 9's tracker section with the worker's API calls answered by `answer`. */
function renderSection(answer: (route: string, input: unknown) => Answer) {
  const fake = createFakeChrome();
  const calls: { route: string; input: unknown }[] = [];
  vi.mocked(fake.api.runtime.sendMessage).mockImplementation((message) => {
    const { type, payload } = message as {
      type: string;
      payload: { route: string; input: unknown };
    };
    if (type !== 'callApi') return Promise.resolve({ ok: true, value: undefined });
    calls.push(payload);
    const { value, error } = answer(payload.route, payload.input);
    return Promise.resolve(
      error ? { ok: false, error: error.message, code: error.code } : { ok: true, value },
    );
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderPage(
    <QueryClientProvider client={queryClient}>
      <TrackerSection itemId={9} onChanged={() => undefined} />
    </QueryClientProvider>,
    fake,
  );
  return calls;
}

describe('TrackerSection', () => {
  it('shows nothing when the organization connected no tracker', async () => {
    const calls = renderSection(() => ({ value: { connections: [], link: null } }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Issue tracker' })).toBeNull();
  });

  it('creates the issue in GitHub and then shows its key, state and assignee', async () => {
    const calls = renderSection((route) =>
      route === 'getItemTracker'
        ? { value: { connections: [CONNECTION], link: null } satisfies TItemTracker }
        : { value: LINKED },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Create issue in GitHub' }));
    const link = await screen.findByRole('link', { name: 'GitHub acme/shop#12' });
    expect(link.getAttribute('href')).toBe('https://github.com/acme/shop/issues/12');
    const group = screen.getByRole('group', { name: 'GitHub issue' });
    expect(group.textContent).toContain('closed');
    expect(group.textContent).toContain('Assigned to octo-dev');
    expect(calls.find((call) => call.route === 'createTrackerIssue')?.input).toEqual({
      body: { itemId: 9, connectionId: 4 },
    });
  });

  it('says "Creating…" while the tracker has not answered, and Cancel removes the link', async () => {
    const calls = renderSection((route) =>
      route === 'getItemTracker'
        ? {
            value: {
              connections: [CONNECTION],
              link: { ...LINKED, status: 'creating', issueKey: null },
            },
          }
        : { value: 'The issue is no longer linked.' },
    );
    expect((await screen.findByRole('status')).textContent).toBe('Creating the issue in GitHub…');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await screen.findByRole('button', { name: 'Create issue in GitHub' });
    expect(calls.find((call) => call.route === 'unlinkTrackerIssue')?.input).toEqual({
      body: { itemId: 9 },
    });
  });

  it("links an existing issue by what was typed and shows the server's refusal", async () => {
    const calls = renderSection((route) =>
      route === 'getItemTracker'
        ? { value: { connections: [CONNECTION], link: null } }
        : { error: { code: 'CONFLICT', message: TRACKER_ISSUE_TAKEN } },
    );
    const input = await screen.findByLabelText('Link existing issue (acme/shop)');
    fireEvent.change(input, { target: { value: '#12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    expect((await screen.findByRole('alert')).textContent).toContain(TRACKER_ISSUE_TAKEN);
    expect(calls.find((call) => call.route === 'linkTrackerIssue')?.input).toEqual({
      body: { itemId: 9, connectionId: 4, issue: '#12' },
    });
  });

  it('links an issue of the tracker the person picks when several are connected', async () => {
    const linear = { connectionId: 7, vendor: 'linear' as const, target: 'ENG' };
    const other = { connectionId: 5, vendor: 'github' as const, target: 'acme/app' };
    const calls = renderSection((route) =>
      route === 'getItemTracker'
        ? { value: { connections: [CONNECTION, other, linear], link: null } }
        : {
            value: {
              ...LINKED,
              connectionId: 7,
              vendor: 'linear',
              issueKey: 'ENG-3',
              url: 'https://linear.app/acme/issue/ENG-3/x',
              stateLabel: 'Todo',
              state: 'open',
            },
          },
    );
    // Two GitHub repositories: their buttons name them; Linear's is alone.
    await screen.findByRole('button', { name: 'Create issue in GitHub acme/shop' });
    expect(screen.getByRole('button', { name: 'Create issue in GitHub acme/app' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Create issue in Linear' })).toBeDefined();
    fireEvent.change(screen.getByLabelText('Link an issue of'), { target: { value: '7' } });
    const input = screen.getByLabelText('Link existing issue (ENG)');
    expect(input.getAttribute('placeholder')).toBe("ENG-123 or the issue's URL");
    fireEvent.change(input, { target: { value: 'ENG-3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    await screen.findByRole('link', { name: 'Linear ENG-3' });
    expect(calls.find((call) => call.route === 'linkTrackerIssue')?.input).toEqual({
      body: { itemId: 9, connectionId: 7, issue: 'ENG-3' },
    });
  });

  it('offers Jira through the same seam: its create button and its project key in the link field', async () => {
    const jira = { connectionId: 8, vendor: 'jira' as const, target: 'acme.atlassian.net/SHOP' };
    const calls = renderSection((route) =>
      route === 'getItemTracker'
        ? { value: { connections: [CONNECTION, jira], link: null } }
        : {
            value: {
              ...LINKED,
              connectionId: 8,
              vendor: 'jira',
              issueKey: 'SHOP-4',
              url: 'https://acme.atlassian.net/browse/SHOP-4',
              stateLabel: 'To Do',
              state: 'open',
            },
          },
    );
    expect(await screen.findByRole('button', { name: 'Create issue in Jira' })).toBeDefined();
    fireEvent.change(screen.getByLabelText('Link an issue of'), { target: { value: '8' } });
    const input = screen.getByLabelText('Link existing issue (acme.atlassian.net/SHOP)');
    expect(input.getAttribute('placeholder')).toBe("SHOP-123 or the issue's URL");
    fireEvent.change(input, { target: { value: 'SHOP-4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    await screen.findByRole('link', { name: 'Jira SHOP-4' });
    expect(calls.find((call) => call.route === 'linkTrackerIssue')?.input).toEqual({
      body: { itemId: 9, connectionId: 8, issue: 'SHOP-4' },
    });
  });
});
