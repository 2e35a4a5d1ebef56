// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { routes, type RouteDef } from '@waymark/core';
import { describe, expect, it, vi } from 'vitest';
import {
  answerCalls,
  callsTo,
  renderAdminScreen,
  type FakeCallInput,
} from '../../../testing/render-admin-screen';
import { NotificationPreferencesScreen } from '../index';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api-client', () => ({ apiClient: { call } }));

const SAVED = {
  timeZone: 'Europe/Paris',
  digestHour: 8,
  toolbarBadge: false,
  isEmailOff: true,
  prefs: [{ projectId: 3, event: 'note', isEnabled: false, email: 'off' }],
  projects: [
    { projectId: 3, projectName: 'Shop', orgName: 'Acme' },
    { projectId: 4, projectName: 'Shop', orgName: 'Beta' },
  ],
};

function renderScreen() {
  answerCalls(
    call,
    new Map<RouteDef, (input: FakeCallInput) => unknown>([
      [routes.getNotificationPreferences, () => SAVED],
      [
        routes.saveNotificationPreferences,
        ({ body }) => ({ ...(body as object), projects: SAVED.projects }),
      ],
    ]),
  );
  renderAdminScreen(<NotificationPreferencesScreen />, '/notifications');
}

const select = (label: string) => screen.getByLabelText<HTMLSelectElement>(label);

describe('NotificationPreferencesScreen (issue 27)', () => {
  it('shows the saved choices for all projects, then a project’s own', async () => {
    renderScreen();
    expect(await screen.findByRole('heading', { level: 1 })).toHaveProperty(
      'textContent',
      'Notification preferences',
    );
    const scope = await screen.findByLabelText<HTMLSelectElement>('Preferences for');
    // Look-alike project names are told apart by their organization.
    expect(Array.from(scope.options).map((option) => option.textContent)).toEqual([
      'All projects',
      'Shop (Acme)',
      'Shop (Beta)',
    ]);
    expect(select('A note is added to what I watch').value).toBe('digest');
    fireEvent.change(scope, { target: { value: '3' } });
    expect(select('A note is added to what I watch').value).toBe('none');
    expect(select('Someone mentions me').value).toBe('inherit');
    expect(screen.getByRole('checkbox', { name: /Send me notification e-mail/ })).toHaveProperty(
      'checked',
      false,
    );
  }, 15_000);

  it('saves one project’s override, the e-mail switch and the toolbar badge through the same route', async () => {
    renderScreen();
    fireEvent.change(await screen.findByLabelText('Preferences for'), { target: { value: '4' } });
    fireEvent.change(select('An item is assigned to me'), { target: { value: 'digest' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Send me notification e-mail/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /unread count on the extension/ }));
    fireEvent.change(select('Daily digest at'), { target: { value: '18' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save preferences' }));
    await waitFor(() => expect(callsTo(call, routes.saveNotificationPreferences)).toHaveLength(1));
    const [{ body }] = callsTo(call, routes.saveNotificationPreferences) as [
      { body: typeof SAVED },
    ];
    expect(body).toEqual({
      timeZone: 'Europe/Paris',
      digestHour: 18,
      toolbarBadge: true,
      isEmailOff: false,
      prefs: [
        { projectId: 3, event: 'note', isEnabled: false, email: 'off' },
        { projectId: 4, event: 'assigned', isEnabled: true, email: 'digest' },
      ],
    });
    expect(await screen.findByText('Preferences saved')).toBeDefined();
  }, 15_000);
});
