// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AppError, PLAN_IDS, routes, STORAGE_KEYS, type RouteDef } from '@waymark/core';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  answerCalls,
  callsTo,
  renderAdminScreen,
  type FakeCallInput,
} from '../../../testing/render-admin-screen';
import { fieldError, valuesOf } from '../../../testing/aria-text';
import { findAnnouncedRole } from '../../../testing/find-announced-role';
import { DataFieldsScreen } from '../index';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api-client', () => ({ apiClient: { call } }));

const ORG_ID = 7;

function fakeServer(options: { planId?: number; saveStatus?: () => unknown } = {}) {
  const statuses = [
    { itemStatusId: 1, itemStatusDescription: 'Open' },
    { itemStatusId: 2, itemStatusDescription: 'In Progress' },
    { itemStatusId: 3, itemStatusDescription: 'Closed' },
  ];
  const answers = new Map<RouteDef, (input: FakeCallInput) => unknown>([
    [
      routes.getOrgPlanInfo,
      () => ({ currentPlanId: options.planId ?? PLAN_IDS.standardTrial, currentPlanName: 'x' }),
    ],
    [routes.getStatusOptions, () => statuses],
    [routes.getItemTypeOptions, () => [{ itemTypeId: 20, itemTypeDescription: 'Bug' }]],
    [
      routes.getAllProjects,
      () => [
        { projectId: 10, projectName: 'Acme Shop', baseUrl: 'https://shop.test', orgId: ORG_ID },
        { projectId: 11, projectName: 'Blog', baseUrl: 'https://blog.test', orgId: ORG_ID },
      ],
    ],
    [
      routes.getReleaseOptions,
      ({ params }) =>
        params?.projectId === 10 ? [{ releaseId: 30, releaseTitle: '2.0', projectId: 10 }] : [],
    ],
    [routes.saveOrgStatus, options.saveStatus ?? (() => 'Saved successfully')],
    [routes.saveRelease, () => 'Saved successfully'],
    [routes.deleteRelease, () => 'Deleted successfully'],
    [routes.getStatusUsage, () => ({ itemCount: 2 })],
    [routes.deleteOrgStatus, () => 'Deleted successfully. 2 items now use Closed.'],
  ]);
  answerCalls(call, answers);
}

const panel = (name: string) => within(screen.getByRole('region', { name }));

async function renderScreen() {
  renderAdminScreen(<DataFieldsScreen />);
  await screen.findByDisplayValue('Open');
}

describe('Data Fields screen (spec §2, §4, §5, §8)', () => {
  beforeEach(() => {
    call.mockReset();
    localStorage.clear();
    localStorage.setItem(STORAGE_KEYS.orgId, String(ORG_ID));
  });

  it('shows the three panels with the spec placeholders', async () => {
    fakeServer();
    await renderScreen();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'Data Fields',
    ]);
    expect(panel('Status').getAllByPlaceholderText('Enter status name')).toHaveLength(3);
    expect(valuesOf(panel('Item Type').getAllByPlaceholderText('Enter item type name'))).toEqual([
      'Bug',
    ]);
    expect(
      panel('Release').getByPlaceholderText('Select project to manage releases'),
    ).toHaveProperty('value', '');
  });

  it('enables Save Changes on a change, sends only new and edited rows, then disables it again', async () => {
    fakeServer();
    await renderScreen();
    const status = panel('Status');
    const save = () => status.getByRole('button', { name: 'Save Changes' });
    await waitFor(() =>
      expect(status.getByRole('button', { name: 'Add New' })).toHaveProperty('disabled', false),
    );
    expect(save()).toHaveProperty('disabled', true);
    fireEvent.change(status.getByDisplayValue('In Progress'), { target: { value: 'Doing' } });
    expect(save()).toHaveProperty('disabled', false);
    fireEvent.click(status.getByRole('button', { name: 'Add New' }));
    const boxes = status.getAllByPlaceholderText('Enter status name');
    fireEvent.change(boxes.at(-1)!, { target: { value: ' Blocked ' } });
    fireEvent.click(save());
    expect(await findAnnouncedRole('Saved successfully')).toBe('status');
    expect(callsTo(call, routes.saveOrgStatus).map((input) => input.body)).toEqual([
      { orgStatusName: 'Blocked', orgId: ORG_ID },
      { orgStatusName: 'Doing', orgId: ORG_ID, itemStatusId: 2 },
    ]);
    await waitFor(() => expect(save()).toHaveProperty('disabled', true));
  });

  it('refuses a blank or duplicate name with a field error and sends nothing', async () => {
    fakeServer();
    await renderScreen();
    const status = panel('Status');
    fireEvent.click(status.getByRole('button', { name: 'Add New' }));
    fireEvent.click(status.getByRole('button', { name: 'Save Changes' }));
    const newest = () => status.getAllByPlaceholderText('Enter status name').at(-1)!;
    await waitFor(() => expect(fieldError(newest())).toBe('Enter a name.'));
    fireEvent.change(status.getAllByPlaceholderText('Enter status name').at(-1)!, {
      target: { value: 'OPEN' },
    });
    fireEvent.click(status.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(fieldError(newest())).toBe('This name is already in the list.'));
    expect(callsTo(call, routes.saveOrgStatus)).toEqual([]);
  });

  it("shows the server's error text when saving fails, else the unknown-error text", async () => {
    fakeServer({
      saveStatus: () => {
        throw new AppError('CONFLICT', 'A value with this name exists already.');
      },
    });
    await renderScreen();
    const status = panel('Status');
    fireEvent.change(status.getByDisplayValue('Closed'), { target: { value: 'Done' } });
    fireEvent.click(status.getByRole('button', { name: 'Save Changes' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'A value with this name exists already.',
    );
    // The typed text is kept, so the admin can correct it.
    expect(valuesOf(status.getAllByPlaceholderText('Enter status name'))).toContain('Done');

    fakeServer({
      // Neither server text nor message.
      saveStatus: () => {
        throw new Error('');
      },
    });
    fireEvent.click(status.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('An unknown error occurred'),
    );
  });

  it('drops an unsaved row at once, and asks before deleting a saved one in use', async () => {
    fakeServer();
    await renderScreen();
    const status = panel('Status');
    fireEvent.click(status.getByRole('button', { name: 'Add New' }));
    fireEvent.click(status.getByRole('button', { name: 'Remove new status' }));
    expect(status.getAllByPlaceholderText('Enter status name')).toHaveLength(3);
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(status.getByRole('button', { name: 'Remove Open' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete Status' }));
    const asked = screen.getByRole('dialog', { name: 'Delete Status' });
    await waitFor(() => expect(asked.textContent).toMatch(/2 items use “Open”/));
    const confirm = dialog.getByRole('button', { name: 'Delete' });
    expect(confirm).toHaveProperty('disabled', true);
    fireEvent.click(dialog.getByRole('combobox', { name: 'New status for these items' }));
    fireEvent.click(await dialog.findByRole('option', { name: 'Closed' }));
    await waitFor(() => expect(confirm).toHaveProperty('disabled', false));
    fireEvent.click(confirm);
    expect(await findAnnouncedRole('Deleted successfully. 2 items now use Closed.')).toBe('status');
    expect(callsTo(call, routes.deleteOrgStatus)).toEqual([
      { params: { statusId: 1 }, query: { replaceWith: '3' } },
    ]);
  });

  it('keeps Add New of releases disabled until a project is chosen, then saves with it', async () => {
    fakeServer();
    await renderScreen();
    const release = panel('Release');
    expect(release.getByRole('button', { name: 'Add New' })).toHaveProperty('disabled', true);
    await userEvent.type(release.getByRole('combobox', { name: 'Project' }), 'ACME');
    // spec §5: a case-insensitive substring of the name.
    await waitFor(() => expect(release.queryByRole('option', { name: 'Blog' })).toBeNull());
    fireEvent.click(await release.findByRole('option', { name: 'Acme Shop' }));
    await waitFor(() =>
      expect(valuesOf(release.getAllByPlaceholderText('Enter release name'))).toEqual(['2.0']),
    );
    fireEvent.click(release.getByRole('button', { name: 'Add New' }));
    fireEvent.change(release.getAllByPlaceholderText('Enter release name').at(-1)!, {
      target: { value: '2.1' },
    });
    fireEvent.click(release.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Saved successfully');
    expect(callsTo(call, routes.saveRelease).map((input) => input.body)).toEqual([
      { releaseTitle: '2.1', projectId: 10, orgId: ORG_ID },
    ]);
    fireEvent.click(release.getByRole('button', { name: 'Remove 2.0' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete Release' }));
    expect(callsTo(call, routes.deleteRelease)).toEqual([]);
    fireEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(callsTo(call, routes.deleteRelease)).toEqual([{ params: { releaseId: 30 } }]),
    );
  });

  it('is read-only on a plan without custom statuses, naming the plan to upgrade to', async () => {
    fakeServer({ planId: PLAN_IDS.basic });
    await renderScreen();
    const status = panel('Status');
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Status' }).textContent).toContain(
        'Custom statuses are not included in the Basic plan. Upgrade to Standard or higher to add statuses.',
      ),
    );
    expect(status.getByRole('link', { name: 'Manage your plan' }).getAttribute('href')).toBe(
      '/app/account',
    );
    expect(status.queryByRole('button', { name: 'Save Changes' })).toBeNull();
    expect(status.queryByRole('button', { name: 'Add New' })).toBeNull();
    expect(status.queryByRole('button', { name: 'Remove Open' })).toBeNull();
    expect(status.getByDisplayValue('Open')).toHaveProperty('readOnly', true);
    // Basic includes releases.
    expect(screen.getByRole('region', { name: 'Release' }).textContent).not.toMatch(/not included/);
    expect(panel('Release').getAllByRole('button', { name: 'Add New' })).toHaveLength(1);
  });
});
