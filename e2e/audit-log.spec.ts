import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { createAdmin } from './support/admin-org';
import { expectNoAxeViolations } from './support/axe';
import { callApiAs } from './support/extension-session';
import { expect, test } from './support/fixtures';

// Issue 33: an admin's changes appear in the organization's Audit Log; the admin filters it by
// action, exports it as CSV, and the screen passes axe at desktop and phone widths.

async function expectAccessible(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    const navbar = page.getByRole('navigation', { name: 'Admin' });
    if (width < 768) await expect(navbar).not.toBeInViewport();
    else await expect(navbar).toBeInViewport({ ratio: 1 });
    await expectNoAxeViolations(page, `${name} at ${width}px`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an admin reads, filters and exports the audit log', async ({ page, serverUrl, request }) => {
  const { token, orgId } = await createAdmin(page, serverUrl, request);
  const project = await callApiAs<{ projectId: number }>(
    request,
    serverUrl,
    token,
    'POST',
    '/api/project/createProject',
    {
      orgId,
      projectName: 'Doomed shop',
      baseUrl: 'https://doomed.audit.test',
    },
  );
  await callApiAs(request, serverUrl, token, 'POST', '/api/tokens/createOrgApiKey', {
    orgId,
    name: 'Deploy bot',
    scopes: ['items:read'],
    projectIds: [project.projectId],
  });
  await callApiAs(
    request,
    serverUrl,
    token,
    'GET',
    `/api/project/deleteProject/${project.projectId}`,
  );

  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Audit Log' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
  const closeBanner = page.getByRole('button', { name: 'Close message' });
  // Clicked in the page, not through the pointer: on a loaded machine the banner can still be
  // sliding in (never "stable" for a pointer click) or closing by itself (detached meanwhile).
  await closeBanner.evaluateAll((buttons: HTMLElement[]) => buttons.forEach((b) => b.click()));
  await expect(closeBanner).toHaveCount(0);
  const table = page.getByRole('table', { name: 'Audit events, newest first' });
  await expect(table.getByRole('row', { name: /Project deleted/ })).toContainText('Doomed shop');
  await expect(table.getByRole('row', { name: /API key created/ })).toContainText('Deploy bot');
  await expectAccessible(page, 'Audit Log');

  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'Project deleted' }).click();
  await expect(table.getByRole('row', { name: /API key created/ })).toHaveCount(0);
  await expect(table.getByRole('row', { name: /Project deleted/ })).toHaveCount(1);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  const csv = await readFile((await download.path()) ?? '', 'utf8');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe(
    'time,action,actor,actor id,target type,target id,target,before,after,ip,user agent',
  );
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain('project.deleted');
  expect(lines[1]).toContain('Doomed shop');
});
