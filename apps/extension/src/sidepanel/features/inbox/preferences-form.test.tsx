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
  projects: [
    { projectId: 3, projectName: 'Shop', orgName: 'Acme' },
    { projectId: 4, projectName: 'Blog', orgName: 'Acme' },
  ],
};

/** Renders the form on a fake worker; answers what was saved, and records each save's body. */
function renderForm() {
  const fake = createFakeChrome();
  const saves: (typeof SAVED)[] = [];
  const onDone = vi.fn();
  vi.mocked(fake.api.runtime.sendMessage).mockImplementation((message) => {
    const { type, payload } = message as {
      type: string;
      payload: { route: string; input: { body?: typeof SAVED } };
    };
    if (type !== 'callApi') return Promise.resolve({ ok: true, value: undefined });
    if (payload.route === 'saveNotificationPreferences' && payload.input.body)
      saves.push(payload.input.body);
    const { body } = payload.input;
    return Promise.resolve({
      ok: true,
      value: body ? { ...body, projects: SAVED.projects } : SAVED,
    });
  });
  renderPage(
    <QueryClientProvider client={new QueryClient()}>
      <PreferencesForm onDone={onDone} />
    </QueryClientProvider>,
    fake,
  );
  const saveAndRead = async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save preferences' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    return saves[0];
  };
  return { saveAndRead };
}

describe('PreferencesForm', () => {
  it('saves each event for every project, keeping per-project rows', async () => {
    const { saveAndRead } = renderForm();
    const mentions = await screen.findByLabelText('Someone mentions me');
    expect(mentions).toHaveProperty('value', 'immediate');
    fireEvent.change(mentions, { target: { value: 'none' } });
    fireEvent.change(screen.getByLabelText('A status changes on what I watch'), {
      target: { value: 'off' },
    });
    fireEvent.change(screen.getByLabelText('Daily digest at'), { target: { value: '18' } });
    const saved = await saveAndRead();
    expect(saved?.digestHour).toBe(18);
    expect(saved).not.toHaveProperty('projects');
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

  it('overrides one project: its own choices or "as for all projects", other projects kept', async () => {
    const { saveAndRead } = renderForm();
    const scope = await screen.findByLabelText('Preferences for');
    expect(
      Array.from((scope as HTMLSelectElement).options).map((option) => option.textContent),
    ).toEqual(['All projects', 'Shop (Acme)', 'Blog (Acme)']);
    fireEvent.change(scope, { target: { value: '4' } });
    const mentions = screen.getByLabelText('Someone mentions me');
    expect(mentions).toHaveProperty('value', 'inherit');
    fireEvent.change(mentions, { target: { value: 'none' } });
    // Back to all projects: the all-projects choice is untouched.
    fireEvent.change(scope, { target: { value: 'all' } });
    expect(screen.getByLabelText('Someone mentions me')).toHaveProperty('value', 'immediate');
    fireEvent.change(scope, { target: { value: '3' } });
    expect(screen.getByLabelText('A note is added to what I watch')).toHaveProperty(
      'value',
      'immediate',
    );
    fireEvent.change(screen.getByLabelText('A note is added to what I watch'), {
      target: { value: 'inherit' },
    });
    const saved = await saveAndRead();
    expect(saved?.prefs).toEqual([
      { projectId: 4, event: 'mention', isEnabled: false, email: 'off' },
    ]);
  }, 15_000);

  it('turns the unread count on the toolbar icon on', async () => {
    const { saveAndRead } = renderForm();
    const badge = await screen.findByRole('checkbox', {
      name: 'Show my unread count on the toolbar icon',
    });
    expect(badge).toHaveProperty('checked', false);
    fireEvent.click(badge);
    expect((await saveAndRead())?.toolbarBadge).toBe(true);
  }, 15_000);
});
