import type { BrowserContext, Page } from '@playwright/test';
import {
  CANONICAL_PRODUCT_PATH,
  HASH_APP_PATH,
  PUSH_APP_PATH,
} from './fixtures-site/url-rules-pages';
import { signInOnProvider } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import type { TestUser } from './support/extension-session';
import { expect, test } from './support/fixtures';
import { test as grantedTest } from './support/granted-extension';
import { createSiteProject } from './support/site-project';

// Issue 31, "Done when": a template declared from the panel on /orders/1 makes /orders/2 on the
// other environment show /orders/1's items; `tab` kept in the portal gives ?tab=map and
// ?tab=filters their own items; a fragment-routed and a pushState-routed app show each route's
// items as the user moves around, without a reload; a path renamed in the portal answers its old
// address; a short link's canonical link, accepted in the panel, shows the product page's items.
// Axe on the panel's new parts.

/** Signs the portal in as `user` and opens the Projects screen on `project`. */
async function openProjectInPortal(
  context: BrowserContext,
  serverUrl: string,
  user: TestUser,
  project: string,
): Promise<Page> {
  const portal = await context.newPage();
  await portal.goto(`${serverUrl}/client/home/product-info`);
  await portal.getByRole('banner').getByRole('button', { name: 'Log In' }).click();
  const signIn = portal.getByRole('heading', { name: 'Log In to Waymark' });
  const nav = portal.getByRole('navigation', { name: 'Admin' });
  await expect(signIn.or(nav)).toBeVisible();
  if (await signIn.isVisible()) await signInOnProvider(portal, user);
  await nav.getByRole('link', { name: 'Projects' }).click();
  await portal.getByRole('combobox', { name: 'Select project' }).click();
  await portal.getByRole('option', { name: project, exact: true }).click();
  return portal;
}

test('URL rules: a template from the panel, kept parameters, hash and pushState routes', async ({
  sidePanel,
  site,
  extensionContext: context,
  serverUrl,
  request,
}) => {
  test.setTimeout(300_000);
  const [originA, originB] = site.origins;
  const panel = sidePanel.page;
  const tab = await sidePanel.openTab(`${originA}/orders/1`);

  // Ada's organization with one project on both environments of the site.
  await sidePanel.showFor(tab);
  const {
    user: ada,
    projectId,
    call,
    record,
  } = await createSiteProject({
    sidePanel,
    context,
    request,
    serverUrl,
    user: ['Ada', 'Rules'],
    orgName: 'Rules Inc',
    projectName: 'Rules Shop',
    origins: site.origins,
  });

  // On /orders/1 the panel offers the family; the form proposes /orders/:id and saves it.
  await sidePanel.showFor(tab);
  await expect(panel.getByTestId('relative-path')).toHaveText('/orders/1');
  await panel.getByRole('button', { name: 'Items here apply to every /orders/… page' }).click();
  const form = panel.getByRole('form', { name: 'Make this page one of a family' });
  await expect(form.getByRole('textbox', { name: 'Template' })).toHaveValue('/orders/:id');
  await expect(form.getByText('No known page matches it yet')).toBeVisible();
  await form.getByRole('textbox', { name: 'Name (optional)' }).fill('Order page');
  await expectNoAxeViolations(panel, 'panel: declare a URL template');
  await form.getByRole('button', { name: 'Save template' }).click();
  await expect(panel.getByTestId('page-template')).toHaveText('Page Order page (/orders/:id)');
  await expect(panel.getByRole('button', { name: /every \/orders\/… page/ })).toHaveCount(0);

  // Recorded on /orders/1, shown on /orders/2 of the other environment.
  await record('/orders/1', 'Order total rounds wrong');
  const tabB = await sidePanel.openTab(`${originB}/orders/2`);
  await sidePanel.showFor(tabB);
  await expect(panel.getByTestId('relative-path')).toHaveText('/orders/2');
  await expect(panel.getByTestId('page-template')).toHaveText('Page Order page (/orders/:id)');
  await expect(sidePanel.row('Order total rounds wrong')).toBeVisible();
  await tabB.close();

  // The portal keeps `tab` and switches hash routes on.
  const portal = await openProjectInPortal(context, serverUrl, ada, 'Rules Shop');
  const params = portal.getByRole('combobox', { name: 'Query parameters that matter' });
  await params.fill('tab');
  await params.press('Enter');
  await portal.getByRole('button', { name: 'Save parameters' }).click();
  await expect(portal.getByRole('button', { name: 'Save parameters' })).toBeDisabled();
  // The switch shows the saved state: it turns on once the server answered.
  const hashRoutes = portal.getByRole('switch', { name: 'This site routes by fragment (#/path)' });
  await hashRoutes.click();
  await expect(hashRoutes).toBeChecked();
  await expect
    .poll(() =>
      call<{ keptParams: string[]; hashRoutes: boolean }>('POST', '/api/project/getUrlRules', {
        projectId,
      }),
    )
    .toMatchObject({ keptParams: ['tab'], hashRoutes: true });
  await portal.close();

  // ?tab=map and ?tab=filters are two screens, each with its own items; other parameters drop.
  await record('/search?tab=map', 'Map pins overlap');
  await record('/search?tab=filters', 'Filters reset on back');
  await tab.goto(`${originA}/search?tab=map&q=shoes&utm_source=mail`);
  await sidePanel.showFor(tab);
  await expect(panel.getByTestId('relative-path')).toHaveText('/search?tab=map');
  await expect(sidePanel.row('Map pins overlap')).toBeVisible();
  await expect(sidePanel.row('Filters reset on back')).toHaveCount(0);
  await tab.goto(`${originA}/search?tab=filters`);
  await expect(panel.getByTestId('relative-path')).toHaveText('/search?tab=filters');
  await expect(sidePanel.row('Filters reset on back')).toBeVisible();
  await expect(sidePanel.row('Map pins overlap')).toHaveCount(0);

  // The fragment-routed app: each route its own page, followed as the fragment changes.
  await record('/hash-app/settings', 'Settings save twice');
  await record('/hash-app/users', 'User list unsorted');
  await tab.goto(`${originA}${HASH_APP_PATH}#/settings`);
  await sidePanel.showFor(tab);
  await expect(panel.getByTestId('relative-path')).toHaveText('/hash-app/settings');
  await expect(sidePanel.row('Settings save twice')).toBeVisible();
  // A marker on the window: a reload of the page would lose it.
  await tab.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await tab.bringToFront();
  await tab.getByRole('link', { name: 'Users' }).click();
  await expect(tab.getByRole('heading', { name: 'Screen: users' })).toBeVisible();
  await expect(panel.getByTestId('relative-path')).toHaveText('/hash-app/users');
  await expect(sidePanel.row('User list unsorted')).toBeVisible();
  await expect(sidePanel.row('Settings save twice')).toHaveCount(0);
  expect(await tab.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

  // The pushState-routed app, likewise; Back (popstate) returns to the first route's items.
  await record(`${PUSH_APP_PATH}/settings`, 'Push settings lost');
  await record(`${PUSH_APP_PATH}/users`, 'Push users slow');
  await tab.goto(`${originA}${PUSH_APP_PATH}/settings`);
  await sidePanel.showFor(tab);
  await expect(sidePanel.row('Push settings lost')).toBeVisible();
  await tab.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await tab.bringToFront();
  await tab.getByRole('link', { name: 'Users' }).click();
  await expect(panel.getByTestId('relative-path')).toHaveText(`${PUSH_APP_PATH}/users`);
  await expect(sidePanel.row('Push users slow')).toBeVisible();
  await expect(sidePanel.row('Push settings lost')).toHaveCount(0);
  await tab.goBack();
  await expect(panel.getByTestId('relative-path')).toHaveText(`${PUSH_APP_PATH}/settings`);
  await expect(sidePanel.row('Push settings lost')).toBeVisible();
  expect(await tab.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

  // Old links: a path renamed in the portal still answers at its old address.
  await record('/cart', 'Cart badge stale');
  const paths = await call<{ relativePathId: number; relativePath: string }[]>(
    'POST',
    '/api/project/getProjectRelativePaths',
    { projectId },
  );
  await call('POST', '/api/project/updateRelativePath', {
    projectId,
    relativePathId: paths.find((path) => path.relativePath === '/cart')!.relativePathId,
    relativePath: '/basket',
  });
  await tab.goto(`${originB}/cart`);
  await sidePanel.showFor(tab);
  await expect(panel.getByTestId('relative-path')).toHaveText('/basket');
  await expect(sidePanel.row('Cart badge stale')).toBeVisible();

  expect(sidePanel.errors).toEqual([]);
});

// Canonical links read the page, so the content script must run: the site is granted here.
grantedTest(
  'URL rules: a short link accepts its canonical link from the panel',
  async ({ sidePanel, site, extensionContext: context, serverUrl, request }) => {
    grantedTest.setTimeout(180_000);
    const [originA, originB] = site.origins;
    const panel = sidePanel.page;
    const tab = await sidePanel.openTab(`${originA}${CANONICAL_PRODUCT_PATH}`);
    await sidePanel.showFor(tab);
    const { record } = await createSiteProject({
      sidePanel,
      context,
      request,
      serverUrl,
      user: ['Cora', 'Canonical'],
      orgName: 'Canonical Inc',
      projectName: 'Canonical Shop',
      origins: site.origins,
    });
    await record(CANONICAL_PRODUCT_PATH, 'Shoe size chart cut off');
    // On the other environment, /p/123 says its address is /products/shoe.
    await tab.goto(`${originB}/p/123?color=red`);
    await sidePanel.showFor(tab);
    await expect(panel.getByTestId('relative-path')).toHaveText('/p/123');
    const offer = panel.getByTestId('canonical-offer');
    await expect(offer).toContainText(`This page says its address is ${CANONICAL_PRODUCT_PATH}`);
    await expectNoAxeViolations(panel, 'panel: canonical link offer');
    await offer
      .getByRole('button', { name: `Treat this page as ${CANONICAL_PRODUCT_PATH}` })
      .click();
    await expect(panel.getByTestId('relative-path')).toHaveText(CANONICAL_PRODUCT_PATH);
    await expect(sidePanel.row('Shoe size chart cut off')).toBeVisible();
    await expect(offer).toHaveCount(0);
    expect(sidePanel.errors).toEqual([]);
  },
);
