// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeChrome } from '../../../test/fake-chrome-api';
import { renderPage } from '../../../test/render-page';
import { PreferencesForm } from './preferences-form';

const SAVED = {
  timeZone: 'Europe/Paris',
  digestHour: 8,
  toolbarBadge: false,
  isEmailOff: false,
  prefs: [{ projectId: 3, event: 'note', isEnabled: true, email: 'immediate' }],
};

describe('PreferencesForm', () => {
  it('saves each event for every project, keeping per-project rows', async () => {
    const fake = createFakeChrome();
    const saves: unknown[] = [];
    const onDone = vi.fn();
    vi.mocked(fake.api.runtime.sendMessage).mockImplementation((message) => {
      const { type, payload } = message as {
        type: string;
        payload: { route: string; input: { body?: unknown } };
      };
      if (type !== 'callApi') return Promise.resolve({ ok: true, value: undefined });
      if (payload.route === 'saveNotificationPreferences') saves.push(payload.input.body);
      return Promise.resolve({ ok: true, value: payload.input.body ?? SAVED });
    });
    renderPage(
      <QueryClientProvider client={new QueryClient()}>
        <PreferencesForm onDone={onDone} />
      </QueryClientProvider>,
      fake,
    );
    const mentions = await screen.findByLabelText('Someone mentions me');
    expect(mentions).toHaveProperty('value', 'immediate');
    fireEvent.change(mentions, { target: { value: 'none' } });
    fireEvent.change(screen.getByLabelText('A status changes on what I watch'), {
      target: { value: 'off' },
    });
    fireEvent.change(screen.getByLabelText('Daily digest at'), { target: { value: '18' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save preferences' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [saved] = saves as (typeof SAVED)[];
    expect(saved?.digestHour).toBe(18);
    expect(saved?.prefs).toContainEqual({
      projectId: 3,
      event: 'note',
      isEnabled: true,
      email: 'immediate',
    });
    expect(saved?.prefs).toContainEqual({
      projectId: null,
      event: 'mention',
      isEnabled: false,
      email: 'off',
    });
    expect(saved?.prefs).toContainEqual({
      projectId: null,
      event: 'status',
      isEnabled: true,
      email: 'off',
    });
    expect(saved?.prefs).toContainEqual({
      projectId: null,
      event: 'note',
      isEnabled: true,
      email: 'digest',
    });
  }, 15_000); // ~400 time zones render slowly in jsdom on a busy machine
});
