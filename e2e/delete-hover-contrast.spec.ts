import { expectNoAxeViolationsWhileHovered } from './support/axe';
import { findTabId } from './support/extension-session';
import { expect, test } from './support/fixtures';
import { createSiteProject } from './support/site-project';

// The side panel's red Delete buttons (an item's, an attachment's, and the confirming one in
// their dialogs) meet contrast while the pointer is on them, in light and dark: their hover tint
// is what failed axe before the theme took red.9 (apps/extension/src/ui/theme.ts); the theme's
// unit test computes it, this run measures what Chromium paints.

const TITLE = 'Logo is blurry on retina screens';
const FILE = 'logo-notes.txt';

test('red Delete buttons pass axe on hover, in light and dark', async ({
  sidePanel,
  site,
  extensionContext: context,
  serverUrl,
  request,
}) => {
  test.setTimeout(180_000);
  const tab = await sidePanel.openTab(`${site.origins[0]}/checkout`);
  const panel = sidePanel.page;
  await panel.setViewportSize({ width: 420, height: 720 });
  await panel.goto(sidePanel.urlFor(await findTabId(context, tab.url())));

  // An admin on a trial (attachments allowed), one item on /checkout with one file.
  const admin = await createSiteProject({
    sidePanel,
    context,
    request,
    serverUrl,
    user: ['Ada', 'Admin'],
    orgName: 'Acme',
    projectName: 'Acme Shop',
    origins: site.origins,
  });
  const itemId = await admin.record('/checkout', TITLE);
  const token = await sidePanel.accessToken();
  const upload = await request.post(`${serverUrl}/api/item/uploadAttachment/${itemId}`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: { file: { name: FILE, mimeType: 'text/plain', buffer: Buffer.from('2x asset') } },
  });
  expect(upload.status()).toBe(200);

  await panel.reload();
  await sidePanel.row(TITLE).click();
  const detail = panel.getByRole('article', { name: 'Item' });
  const attachments = detail.getByRole('region', { name: /Attachments/ });
  await expect(attachments.getByTestId('attachment')).toHaveCount(1);

  for (const scheme of ['light', 'dark'] as const) {
    await panel.emulateMedia({ colorScheme: scheme });
    await expect(panel.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    await expectNoAxeViolationsWhileHovered(
      panel,
      detail.getByRole('button', { name: 'Delete', exact: true }),
      `the item's Delete, ${scheme}`,
    );
    await expectNoAxeViolationsWhileHovered(
      panel,
      attachments.getByRole('button', { name: `Delete ${FILE}` }),
      `the attachment's Delete, ${scheme}`,
    );
    // The confirming buttons of both dialogs; Cancel leaves everything in place.
    for (const [open, dialogName, confirm] of [
      [detail.getByRole('button', { name: 'Delete', exact: true }), 'Delete item', 'Delete item'],
      [
        attachments.getByRole('button', { name: `Delete ${FILE}` }),
        'Delete attachment',
        'Delete attachment',
      ],
    ] as const) {
      await open.click();
      const dialog = panel.getByRole('dialog', { name: dialogName });
      await expectNoAxeViolationsWhileHovered(
        panel,
        dialog.getByRole('button', { name: confirm }),
        `${dialogName} dialog, ${scheme}`,
      );
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
    }
  }
  await expect(attachments.getByTestId('attachment')).toHaveCount(1);
  await expect(detail.getByRole('heading', { name: TITLE })).toBeVisible();
  expect(sidePanel.errors).toEqual([]);
});
