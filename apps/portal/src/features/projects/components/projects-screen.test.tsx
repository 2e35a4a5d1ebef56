// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppError, PLAN_IDS, routes, STORAGE_KEYS, type RouteDef } from '@waymark/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  answerCalls,
  callsTo,
  renderAdminScreen,
  type FakeCallInput,
} from '../../../testing/render-admin-screen';
import { fieldError, valuesOf } from '../../../testing/aria-text';
import { findAnnouncedRole } from '../../../testing/find-announced-role';
import { ProjectsScreen } from '../index';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api-client', () => ({ apiClient: { call } }));

const ORG_ID = 7;
const project = (projectId: number, projectName: string, baseUrl: string) => ({
  projectId,
  projectName,
  baseUrl,
  orgId: ORG_ID,
});
const SITES: Record<number, string[]> = {
  10: ['https://a.test', 'https://b.test', 'https://c.test', 'https://d.test'],
  11: ['https://blog.test'],
};

type Options = {
  projects?: ReturnType<typeof project>[];
  planId?: number;
  saveSite?: (input: FakeCallInput) => unknown;
  deleteAlias?: (input: FakeCallInput) => unknown;
  /** The aliases of /cart the server answers, read at each load. */
  cartAliases?: () => string[];
};

function fakeServer(options: Options = {}) {
  const answers = new Map<RouteDef, (input: FakeCallInput) => unknown>([
    [
      routes.getOrgPlanInfo,
      () => ({ currentPlanId: options.planId ?? PLAN_IDS.pro, currentPlanName: 'x' }),
    ],
    [
      routes.getAllProjects,
      () =>
        options.projects ?? [
          project(10, 'Acme Shop', 'https://a.test'),
          project(11, 'Blog', 'https://blog.test'),
        ],
    ],
    [
      routes.getAssociatedSites,
      ({ params }) =>
        (SITES[Number(params?.projectId)] ?? []).map((baseUrl, index) => ({
          siteManagementId: Number(params?.projectId) * 100 + index,
          projectId: Number(params?.projectId),
          baseUrl,
        })),
    ],
    [
      routes.getProjectRelativePaths,
      () => [
        {
          relativePathId: 1,
          relativePath: '/cart',
          projectId: 10,
          aliases: options.cartAliases?.() ?? ['/basket', '/bag'],
        },
        { relativePathId: 2, relativePath: '/checkout', projectId: 10, aliases: [] },
      ],
    ],
    [routes.updateRelativePath, () => 'Merged into /cart: 3 items moved.'],
    [
      routes.getUrlRules,
      ({ body }) => ({
        projectId: body?.projectId,
        hashRoutes: false,
        keptParams: [],
        templates: [],
      }),
    ],
    [routes.saveProject, () => 'Saved successfully'],
    [routes.saveAssociatedSite, options.saveSite ?? (() => '')],
    [routes.deleteProject, () => 'Project deleted successfully'],
    [routes.deleteAssociatedSite, () => 'Site deleted successfully'],
    [routes.deleteRelativePath, () => 'Path deleted successfully'],
    [
      routes.deletePathAlias,
      options.deleteAlias ?? (({ body }) => `${String(body?.path)} shows its own page again.`),
    ],
  ]);
  answerCalls(call, answers);
}

const region = (name: string) => within(screen.getByRole('region', { name }));

async function selectProject(name: string) {
  const picker = screen.getByRole('combobox', { name: 'Select project' });
  await userEvent.click(picker);
  await userEvent.click(await screen.findByRole('option', { name }));
}

async function renderScreen(options: Options = {}) {
  fakeServer(options);
  renderAdminScreen(<ProjectsScreen />);
  await screen.findByRole('heading', { level: 1, name: 'Project' });
}

/** A pager's "x - y of n" line (spec §4). */
const PAGER = /^\d+ - \d+ of \d+$/;

describe('Projects screen (spec §2, §4, §5, §8)', () => {
  beforeEach(() => {
    call.mockReset();
    localStorage.clear();
    localStorage.setItem(STORAGE_KEYS.orgId, String(ORG_ID));
  });

  it('loads the selected project’s domains 3 per page and resets to page 1 on another project', async () => {
    await renderScreen();
    await selectProject('Acme Shop');
    const domains = region('Associated Domains');
    await waitFor(() => expect(domains.getByText(PAGER).textContent).toBe('1 - 3 of 4'));
    expect(domains.getAllByPlaceholderText('Enter account url')).toHaveLength(3);
    fireEvent.click(domains.getByRole('button', { name: 'Next domains' }));
    expect(domains.getByText(PAGER).textContent).toBe('4 - 4 of 4');
    expect(valuesOf(domains.getAllByPlaceholderText('Enter account url'))).toEqual([
      'https://d.test',
    ]);
    await selectProject('Blog');
    await waitFor(() =>
      expect(region('Associated Domains').getByText(PAGER).textContent).toBe('1 - 1 of 1'),
    );
  });

  it('renames only with a selected project and a non-empty name', async () => {
    await renderScreen();
    const nameBox = screen.getByRole('textbox', { name: 'Edit Project Name' });
    const save = () =>
      within(nameBox.closest('form')!).getByRole('button', { name: 'Save Changes' });
    expect(save()).toHaveProperty('disabled', true);
    await selectProject('Blog');
    await waitFor(() => expect(nameBox).toHaveProperty('value', 'Blog'));
    fireEvent.change(nameBox, { target: { value: '   ' } });
    expect(save()).toHaveProperty('disabled', true);
    fireEvent.submit(nameBox.closest('form')!);
    expect(callsTo(call, routes.saveProject)).toEqual([]);
    fireEvent.change(nameBox, { target: { value: ' Company Blog ' } });
    fireEvent.click(save());
    expect(await findAnnouncedRole('Saved successfully')).toBe('status');
    expect(callsTo(call, routes.saveProject)).toEqual([
      { body: { projectId: 11, projectName: 'Company Blog', orgId: ORG_ID } },
    ]);
  });

  it('sends only new or edited, non-blank domains; remove icons only on saved rows', async () => {
    await renderScreen();
    await selectProject('Blog');
    const domains = region('Associated Domains');
    await domains.findByDisplayValue('https://blog.test');
    expect(domains.getAllByRole('button', { name: /^Remove / })).toHaveLength(1);
    fireEvent.click(domains.getByRole('button', { name: 'Add New' }));
    fireEvent.click(domains.getByRole('button', { name: 'Add New' }));
    expect(domains.queryByRole('button', { name: 'Remove new domain' })).toBeNull();
    const boxes = domains.getAllByPlaceholderText('Enter account url');
    fireEvent.change(boxes[1]!, { target: { value: ' https://staging.blog.test ' } });
    fireEvent.click(domains.getByRole('button', { name: 'Save Changes' }));
    // spec §8: success without text from the server.
    expect(await findAnnouncedRole('Saved successfully')).toBe('status');
    expect(callsTo(call, routes.saveAssociatedSite)).toEqual([
      { body: { projectId: 11, baseUrl: 'https://staging.blog.test' } },
    ]);
  });

  it('says "Some changes could not be saved. Please try again." when a domain fails', async () => {
    await renderScreen({
      saveSite: ({ body }) => {
        if (body?.baseUrl === 'nonsense')
          throw new AppError('BAD_REQUEST', 'Enter the site address.');
        return 'Saved successfully';
      },
    });
    await selectProject('Blog');
    const domains = region('Associated Domains');
    await domains.findByDisplayValue('https://blog.test');
    fireEvent.click(domains.getByRole('button', { name: 'Add New' }));
    fireEvent.change(domains.getAllByPlaceholderText('Enter account url')[1]!, {
      target: { value: 'nonsense' },
    });
    fireEvent.click(domains.getByRole('button', { name: 'Save Changes' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Some changes could not be saved. Please try again.',
    );
    // The failed row keeps its text and says why.
    expect(fieldError(domains.getByDisplayValue('nonsense'))).toBe('Enter the site address.');
  });

  it('shows the plan limit where it bites and disables Add New at the limit', async () => {
    SITES[12] = ['https://one.test', 'https://two.test'];
    await renderScreen({
      planId: PLAN_IDS.basic,
      projects: [project(12, 'Twin', 'https://one.test')],
    });
    await selectProject('Twin');
    const domains = region('Associated Domains');
    await waitFor(() =>
      expect(domains.getByText(/domains on Basic/).textContent).toBe(
        '2 of 2 domains on Basic — upgrade for more',
      ),
    );
    expect(domains.getByRole('button', { name: 'Add New' })).toHaveProperty('disabled', true);
  });

  it('alerts "Please select a project first." and deletes only after confirmation', async () => {
    await renderScreen();
    const [deleteLink] = screen.getAllByRole('button', { name: 'Delete Project' });
    fireEvent.click(deleteLink!);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Please select a project first.',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    await selectProject('Blog');
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete Project' })[0]!);
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete Project' }));
    expect(callsTo(call, routes.deleteProject)).toEqual([]);
    fireEvent.click(dialog.getByRole('button', { name: 'Delete Project' }));
    expect(await findAnnouncedRole('Project deleted successfully')).toBe('status');
    expect(callsTo(call, routes.deleteProject)).toEqual([{ params: { projectId: 11 } }]);
  });

  it('clears the URL and paths on another project; renames only changed paths and reports a merge', async () => {
    await renderScreen();
    await selectProject('Acme Shop');
    const paths = region('URL Paths');
    await userEvent.click(paths.getByRole('combobox', { name: 'URL' }));
    await userEvent.click(await screen.findByRole('option', { name: 'https://b.test' }));
    await paths.findByDisplayValue('/checkout');
    expect(callsTo(call, routes.getProjectRelativePaths).at(-1)).toEqual({
      body: { urlPath: 'https://b.test', projectId: 10 },
    });
    fireEvent.change(paths.getByDisplayValue('/checkout'), { target: { value: '/cart' } });
    fireEvent.click(paths.getByRole('button', { name: 'Save Changes' }));
    expect(await findAnnouncedRole('Merged into /cart: 3 items moved.')).toBe('status');
    expect(callsTo(call, routes.updateRelativePath)).toEqual([
      { body: { projectId: 10, relativePathId: 2, relativePath: '/cart' } },
    ]);
    await selectProject('Blog');
    const cleared = region('URL Paths');
    await waitFor(() => expect(cleared.queryByDisplayValue('/cart')).toBeNull());
    expect(cleared.getByRole('combobox', { name: 'URL' })).toHaveProperty('value', '');
  });

  it('pages the projects table 5 at a time, searches name or base URL, and selects on click', async () => {
    const many = Array.from({ length: 7 }, (_, index) =>
      project(20 + index, `Project ${index + 1}`, `https://p${index + 1}.test`),
    );
    await renderScreen({ projects: many });
    const table = region('All Projects');
    await waitFor(() => expect(table.getByText(PAGER).textContent).toBe('1 - 5 of 7'));
    fireEvent.change(table.getByRole('textbox', { name: 'Search projects' }), {
      target: { value: 'P7.TEST' },
    });
    expect(table.getByText(PAGER).textContent).toBe('1 - 1 of 1');
    fireEvent.click(table.getByRole('button', { name: 'Project 7' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Edit Project Name' })).toHaveProperty(
        'value',
        'Project 7',
      ),
    );
  });

  it('opens No Projects Found 500 ms after an empty list arrives, offering to create one', async () => {
    await renderScreen({ projects: [] });
    await waitFor(() => expect(callsTo(call, routes.getAllProjects)).toHaveLength(1));
    expect(screen.queryByRole('dialog', { name: 'No Projects Found' })).toBeNull();
    const dialog = within(await screen.findByRole('dialog', { name: 'No Projects Found' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Create project' }));
    const create = within(await screen.findByRole('dialog', { name: 'Create project' }));
    expect(create.getByRole('textbox', { name: 'Project name' })).toHaveProperty('value', '');
  });

  it('removes a saved domain and a path only after their confirmations', async () => {
    await renderScreen();
    await selectProject('Blog');
    const domains = region('Associated Domains');
    fireEvent.click(await domains.findByRole('button', { name: 'Remove https://blog.test' }));
    const domainDialog = within(
      await screen.findByRole('dialog', { name: 'Delete Associated Domain' }),
    );
    expect(callsTo(call, routes.deleteAssociatedSite)).toEqual([]);
    fireEvent.click(domainDialog.getByRole('button', { name: 'Delete' }));
    expect(await findAnnouncedRole('Site deleted successfully')).toBe('status');
    expect(callsTo(call, routes.deleteAssociatedSite)).toEqual([{ params: { id: 1100 } }]);

    await selectProject('Acme Shop');
    const paths = region('URL Paths');
    await userEvent.click(paths.getByRole('combobox', { name: 'URL' }));
    await userEvent.click(await screen.findByRole('option', { name: 'https://a.test' }));
    fireEvent.click(await paths.findByRole('button', { name: 'Remove /cart' }));
    const pathDialog = within(await screen.findByRole('dialog', { name: 'Delete URL Path' }));
    fireEvent.click(pathDialog.getByRole('button', { name: 'Delete' }));
    expect(await findAnnouncedRole('Path deleted successfully')).toBe('status');
    expect(callsTo(call, routes.deleteRelativePath)).toEqual([{ params: { id: 1 } }]);
  });

  it("lists each path's aliases and deletes one only after its confirmation", async () => {
    await renderScreen();
    await selectProject('Acme Shop');
    const paths = region('URL Paths');
    await userEvent.click(paths.getByRole('combobox', { name: 'URL' }));
    await userEvent.click(await screen.findByRole('option', { name: 'https://a.test' }));
    const aliases = within(await paths.findByRole('list', { name: 'Aliases of /cart' }));
    expect(aliases.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '/basket',
      '/bag',
    ]);
    // A path without aliases shows no list.
    expect(paths.queryByRole('list', { name: 'Aliases of /checkout' })).toBeNull();
    const loads = callsTo(call, routes.getProjectRelativePaths).length;

    fireEvent.click(aliases.getByRole('button', { name: 'Remove alias /bag' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete URL Alias' }));
    expect(
      dialog.getByText(
        '/bag will stop showing the items of /cart and show its own page again. No item moves.',
      ),
    ).toBeInstanceOf(HTMLElement);
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Delete URL Alias' })).toBeNull(),
    );
    expect(callsTo(call, routes.deletePathAlias)).toEqual([]);

    fireEvent.click(aliases.getByRole('button', { name: 'Remove alias /bag' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete URL Alias' }));
    fireEvent.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(await findAnnouncedRole('/bag shows its own page again.')).toBe('status');
    expect(callsTo(call, routes.deletePathAlias)).toEqual([
      { body: { projectId: 10, path: '/bag' } },
    ]);
    // The list is reloaded from the server after the delete.
    await waitFor(() =>
      expect(callsTo(call, routes.getProjectRelativePaths).length).toBeGreaterThan(loads),
    );
    expect(callsTo(call, routes.deleteRelativePath)).toEqual([]);
  });
  it('shows why an alias was not deleted, and reloads the list to show what is true', async () => {
    // Another administrator removed /bag meanwhile: the delete is refused, the reload drops it.
    let aliases = ['/basket', '/bag'];
    await renderScreen({
      cartAliases: () => aliases,
      deleteAlias: () => {
        aliases = ['/basket'];
        throw new AppError('NOT_FOUND', '/bag does not show another page in this project.');
      },
    });
    await selectProject('Acme Shop');
    const paths = region('URL Paths');
    await userEvent.click(paths.getByRole('combobox', { name: 'URL' }));
    await userEvent.click(await screen.findByRole('option', { name: 'https://a.test' }));
    const list = await paths.findByRole('list', { name: 'Aliases of /cart' });
    fireEvent.click(within(list).getByRole('button', { name: 'Remove alias /bag' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete URL Alias' }));
    fireEvent.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(await findAnnouncedRole('/bag does not show another page in this project.')).toBe(
      'alert',
    );
    await waitFor(() =>
      expect(
        within(paths.getByRole('list', { name: 'Aliases of /cart' }))
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['/basket']),
    );
    expect(screen.queryByRole('dialog', { name: 'Delete URL Alias' })).toBeNull();
  });
});
