import type { Page } from '@playwright/test';
import {
  callApiAs,
  findTabId,
  newTestUser,
  readAccessToken,
  signUpThroughExtension,
} from './support/extension-session';
import { drag, editorImageBox as imageBox, markerTypes } from './support/annotation-editor';
import { expectNoAxeViolations } from './support/axe';
import { expect, grantedExtensionTest } from './support/granted-extension';

// Issue 32: capture like the best bug tools, end to end in Chromium with the extension loaded on
// a site the user allowed (per-site host permission) and the optional `debugger` permission the
// panel asks for once (docs/capture.md).

const test = grantedExtensionTest(['debugger']);

test('on an allowed site the panel captures at any time, without the toolbar click', async ({
  sidePanel,
  site,
  extensionContext: context,
  extensionId,
  serverUrl,
  request,
}) => {
  test.setTimeout(300_000);
  const [origin] = site.origins;
  const tab = await sidePanel.openTab(`${origin}/checkout`);
  // The panel in a window of its own, as a side panel sits beside the page: the site's tab stays
  // the one in front of its window, which is what is captured.
  const opened = context.waitForEvent('page');
  const worker = context.serviceWorkers()[0]!;
  const panelUrl = `chrome-extension://${extensionId}/sidepanel.html?tabId=${await findTabId(context, tab.url())}`;
  await worker.evaluate(
    (url) => chrome.windows.create({ url, width: 1100, height: 900 }),
    panelUrl,
  );
  const panel: Page = await opened;
  await expect(panel.getByRole('button', { name: 'Sign Up' })).toBeVisible();
  await signUpThroughExtension(context, panel, newTestUser('Cam', 'Capture'));
  const token = await readAccessToken(context);
  await callApiAs(request, serverUrl, token, 'POST', '/api/account/createOrgExistingUser', {
    orgName: 'Acme',
  });
  await panel.reload();

  await panel.getByLabel('Project name').fill('Acme Shop');
  await panel.getByRole('button', { name: 'Create a project for this site' }).click();
  await expect(panel.getByTestId('relative-path')).toHaveText('/checkout');
  await panel.getByRole('button', { name: 'Add Item' }).click();
  const form = panel.getByRole('form', { name: 'Add Item' });
  await form.getByLabel('Type').selectOption({ label: 'Bug' });
  await form.getByLabel('Title').fill('Totals overlap the pay button');
  // The environment adds the tab's zoom and the page's declared language (<html lang="en">).
  const environment = form.getByRole('group', { name: 'Environment' });
  await expect(environment.getByLabel('Zoom')).toHaveValue('100 %');
  await expect(environment.getByLabel('Page language')).toHaveValue('en');

  // No click on the toolbar icon anywhere in this test: the capture comes from the panel alone.
  await tab.bringToFront();
  // Why the worker needs more than the site's grant: Chrome's plain capture still refuses.
  const plain = await worker.evaluate(async (url) => {
    const [shown] = await chrome.tabs.query({ url });
    return chrome.tabs.captureVisibleTab(shown!.windowId, { format: 'png' }).then(
      () => 'captured',
      (error: unknown) => String(error),
    );
  }, tab.url());
  expect(plain).toContain("Either the '<all_urls>' or 'activeTab' permission is required");
  const editorOpened = context.waitForEvent('page');
  await form.getByRole('button', { name: 'Capture screenshot' }).click();
  await expect(panel.getByRole('alert')).toHaveCount(0);

  // The editor opens in a window of its own at the screenshot's real size (headless: 1280 ×
  // 720 page area), not squeezed into the 388 px panel; the panel keeps the item's form.
  const editor = await editorOpened;
  await expect(editor).toHaveURL(/\/annotate\.html\?capture=/);
  await expect(editor.getByRole('heading', { name: 'Annotate the screenshot' })).toBeVisible();
  await expect(editor.getByRole('button', { name: 'Save screenshot' })).toBeEnabled();
  await expect(panel.getByTestId('editor-open')).toBeVisible();
  const size = (await editor.getByTestId('image-size').textContent())!;
  const [width, height] = size.match(/\d+/g)!.map(Number) as [number, number];
  expect(width).toBeGreaterThan(600);
  await expectNoAxeViolations(editor, 'the full-size annotation editor');

  // Real size, then zoom in with the keyboard and back to fit.
  await editor.getByRole('button', { name: 'Real size' }).click();
  await expect(editor.getByTestId('zoom-level')).toHaveText('100 %');
  await editor.locator('body').press('+');
  await expect(editor.getByTestId('zoom-level')).toHaveText('125 %');
  await editor.locator('body').press('1');
  await expect(editor.getByTestId('zoom-level')).toHaveText('100 %');
  await editor.locator('body').press('0');

  // A redaction drawn with its shortcut, then a crop of the top-left quarter.
  const box = await imageBox(editor);
  await editor.locator('body').press('x');
  await drag(editor, box, [0.05, 0.05], [0.3, 0.2]);
  await expect.poll(() => markerTypes(editor)).toEqual(['CoverMarker']);
  await editor.locator('body').press('Escape');
  await editor.getByRole('button', { name: 'Crop' }).click();
  await drag(editor, box, [0, 0], [0.5, 0.5]);
  await expect(editor.getByTestId('image-size')).toContainText('cropped to');
  const [, , cropWidth, cropHeight] = (await editor.getByTestId('image-size').textContent())!
    .match(/\d+/g)!
    .map(Number) as [number, number, number, number];
  // Half the screenshot each way, within the pointer's rounding.
  expect(Math.abs(cropWidth - width / 2)).toBeLessThanOrEqual(3);
  expect(Math.abs(cropHeight - height / 2)).toBeLessThanOrEqual(3);
  const closed = editor.waitForEvent('close');
  await editor.getByRole('button', { name: 'Save screenshot' }).click();
  await closed;

  // Back in the panel: the cropped, redacted PNG waits with the new item, which takes it along.
  await expect(panel.getByTestId('editor-open')).toBeHidden();
  await expect(form.getByText(/screenshot-.*\.png/)).toBeVisible();
  await form.getByRole('button', { name: 'Create item' }).click();
  const detail = panel.getByRole('article', { name: 'Item' });
  await expect(
    detail.getByRole('heading', { name: 'Totals overlap the pay button' }),
  ).toBeVisible();
  const attachments = detail.getByRole('region', { name: /Attachments/ });
  await expect(attachments.getByTestId('attachment')).toHaveCount(1, { timeout: 20_000 });
  const image = attachments.getByRole('button', { name: /Open screenshot-.*\.png full size/ });
  const shown = await image.locator('img').evaluate(async (element: HTMLImageElement) => {
    await element.decode();
    return [element.naturalWidth, element.naturalHeight];
  });
  expect(shown).toEqual([cropWidth, cropHeight]);
});
