import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { PNG } from 'pngjs';
import {
  callApiAs,
  findTabId,
  newTestUser,
  signUpThroughExtension,
  firstItemIdOfPage,
} from './support/extension-session';
import { expect, test } from './support/fixtures';
import { drag, editorImageBox } from './support/annotation-editor';
import { clickToolbarIcon } from './support/toolbar-click';

// Issue 14: attachments and annotated screenshots in the extension, end to end in Chromium.

type Attachment = { attachmentId: number; fileName: string; contentType: string; sha256: string };
type Marker = { typeName: string; [key: string]: unknown };
type AnnotationState = { width: number; height: number; markers: Marker[] };

function pixel(png: PNG, x: number, y: number): [number, number, number, number] {
  const at = (png.width * y + x) * 4;
  return [png.data[at]!, png.data[at + 1]!, png.data[at + 2]!, png.data[at + 3]!];
}

test('a file attached on one domain downloads byte-identical on the other; a redacted screenshot keeps no original pixels', async ({
  sidePanel,
  site,
  extensionContext: context,
  extensionId,
  serverUrl,
  request,
}) => {
  // Sign-up, two sites, an upload, a download, a capture and its rendering: minutes on 2 cores.
  test.setTimeout(420_000);
  const [originA, originB] = site.origins;
  const tabA = await sidePanel.openTab(`${originA}/checkout`);
  const tabB = await sidePanel.openTab(`${originB}/checkout`);

  // The panel gets a window of its own (not the fixture's tab), as a side panel sits beside
  // the page: the site tab stays the one in front of its window, which is what Chrome captures.
  const panelUrl = async (tab: Page) =>
    `chrome-extension://${extensionId}/sidepanel.html?tabId=${await findTabId(context, tab.url())}`;
  const opened = context.waitForEvent('page');
  const worker = context.serviceWorkers()[0]!;
  await worker.evaluate(
    (url) => chrome.windows.create({ url, width: 1100, height: 900 }),
    await panelUrl(tabA),
  );
  const panel = await opened;
  const errors: string[] = [];
  panel.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const showPanelFor = async (tab: Page) => {
    await panel.goto(await panelUrl(tab));
    await expect(panel.getByTestId('current-page-url')).toHaveText(tab.url());
  };
  await expect(panel.getByRole('button', { name: 'Sign Up' })).toBeVisible();

  // An organization (new ones are on the Standard trial: attachments included) and a project
  // whose two environments are the two origins.
  await signUpThroughExtension(context, panel, newTestUser('Ada', 'Admin'));
  const token = await sidePanel.accessToken();
  await callApiAs(request, serverUrl, token, 'POST', '/api/account/createOrgExistingUser', {
    orgName: 'Acme',
  });
  await panel.reload();
  await panel.getByLabel('Project name').fill('Acme Shop');
  await panel.getByRole('button', { name: 'Create a project for this site' }).click();
  await expect(panel.getByTestId('relative-path')).toHaveText('/checkout');
  await showPanelFor(tabB);
  await panel.getByLabel('Project', { exact: true }).selectOption({ index: 1 });
  await panel.getByRole('button', { name: 'Add this site to the project' }).click();
  await expect(panel.getByTestId('relative-path')).toHaveText('/checkout');

  // A Bug on the first domain: its environment is filled in, and a file goes with it.
  await showPanelFor(tabA);
  await panel.getByRole('button', { name: 'Add Item' }).click();
  const form = panel.getByRole('form', { name: 'Add Item' });
  await form.getByLabel('Type').selectOption({ label: 'Bug' });
  await form.getByLabel('Title').fill('Pay button does nothing');
  const environment = form.getByRole('group', { name: 'Environment' });
  await expect(environment.getByLabel('Page', { exact: true })).toHaveValue(tabA.url());
  await expect(environment.getByLabel('Browser')).toHaveValue(/Chrom/);
  await expect(environment.getByLabel('Viewport')).toHaveValue(/^\d+ × \d+$/);
  await environment.getByLabel('OS').fill('Debian 12');
  const bytes = randomBytes(600 * 1024);
  await form.locator('input[type=file]').setInputFiles({
    name: 'network.har',
    mimeType: 'application/json',
    buffer: bytes,
  });
  await expect(form.getByText(/network\.har · 600 KB/)).toBeVisible();
  await form.getByRole('button', { name: 'Create item' }).click();

  const detail = panel.getByRole('article', { name: 'Item' });
  await expect(detail.getByRole('heading', { name: 'Pay button does nothing' })).toBeVisible();
  const description = detail.getByTestId('item-description');
  await expect(description).toContainText('Environment');
  await expect(description).toContainText(tabA.url());
  await expect(description).toContainText('OS: Debian 12');
  const attachments = detail.getByRole('region', { name: /Attachments/ });
  await expect(attachments.getByTestId('attachment')).toHaveCount(1, { timeout: 20_000 });
  await expect(attachments.getByTestId('attachment')).toContainText('600 KB');
  await expect(attachments.getByTestId('attachment')).toContainText('Ada Admin');
  await expect(detail.getByRole('region', { name: 'History' })).toContainText(
    'Attached “network.har”',
  );

  // The other domain shows the same item; its download is the same bytes.
  await showPanelFor(tabB);
  await panel.getByRole('button', { name: 'Pay button does nothing' }).click();
  const downloaded = panel.waitForEvent('download');
  await attachments.getByRole('button', { name: 'Download network.har' }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toBe('network.har');
  const received = await readFile(await download.path());
  expect(received.equals(bytes)).toBe(true);
  const itemId = await firstItemIdOfPage(request, serverUrl, token, tabB.url());
  const [stored] = await callApiAs<Attachment[]>(
    request,
    serverUrl,
    token,
    'GET',
    `/api/item/getItemAttachments/${itemId}`,
  );
  expect(stored!.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));

  // Capture the second domain's page: Chrome allows it after the toolbar icon was clicked there.
  await clickToolbarIcon(context, extensionId, tabB);
  await tabB.bringToFront();
  const editorOpened = context.waitForEvent('page');
  await attachments.getByRole('button', { name: 'Capture screenshot' }).click();
  // The editor opens full size in its own window (issue 32).
  const editor = await editorOpened;
  await expect(editor.getByRole('button', { name: 'Arrow' })).toBeEnabled();
  // marker.js sizes its image once loaded: drag only once the image has stopped (two reads alike).
  let box = await editorImageBox(editor);
  await expect
    .poll(async () => {
      const before = JSON.stringify(box);
      box = await editorImageBox(editor);
      return box.width > 300 && JSON.stringify(box) === before;
    })
    .toBe(true);
  await editor.getByRole('button', { name: 'Arrow' }).click();
  await drag(editor, box, [0.6, 0.7], [0.85, 0.55]);
  await editor.getByRole('button', { name: 'Redact' }).click();
  // Over the shop's header and the checkout heading.
  await drag(editor, box, [0.02, 0.02], [0.45, 0.2]);
  const readState = () =>
    editor.evaluate(() =>
      (
        document.querySelector('mjs-marker-area') as unknown as { getState(): AnnotationState }
      ).getState(),
    );
  await expect
    .poll(async () => (await readState()).markers.map((marker) => marker.typeName))
    .toEqual(['ArrowMarker', 'CoverMarker']);
  const state = await readState();
  const original = PNG.sync.read(
    Buffer.from(
      (
        await editor.evaluate(
          () =>
            (
              document.querySelector('mjs-marker-area') as unknown as {
                targetImage: HTMLImageElement;
              }
            ).targetImage.src,
        )
      ).split(',')[1]!,
      'base64',
    ),
  );
  const closed = editor.waitForEvent('close');
  await editor.getByRole('button', { name: 'Save screenshot' }).click();
  await closed;
  await expect(attachments.getByTestId('attachment')).toHaveCount(2, { timeout: 20_000 });
  const thumbnail = attachments.getByRole('button', { name: /Open screenshot-.*\.png full size/ });
  await expect(thumbnail.locator('img')).toHaveAttribute('src', /^blob:/);
  await thumbnail.click();
  await expect(panel.getByTestId('image-viewer')).toBeVisible();
  await panel.keyboard.press('Escape');

  const list = await callApiAs<Attachment[]>(
    request,
    serverUrl,
    token,
    'GET',
    `/api/item/getItemAttachments/${itemId}`,
  );
  const shot = list.find((attachment) => attachment.fileName.endsWith('.png'))!;
  expect(shot.contentType).toBe('image/png');
  const pngResponse = await request.get(
    `${serverUrl}/api/item/downloadAttachment/${itemId}/${shot.attachmentId}`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  const saved = PNG.sync.read(await pngResponse.body());
  expect([saved.width, saved.height]).toEqual([original.width, original.height]);

  // The redacted region: every pixel is the cover's opaque black, none of the page's.
  const cover = state.markers.find((marker) => marker.typeName === 'CoverMarker') as unknown as {
    left: number;
    top: number;
    width: number;
    height: number;
  };
  const scale = saved.width / state.width;
  // Counted, then asserted once: an expect per pixel would record ~60 000 steps.
  let black = 0;
  let changed = 0;
  let total = 0;
  for (let y = Math.ceil(cover.top * scale) + 2; y < (cover.top + cover.height) * scale - 2; y++) {
    for (
      let x = Math.ceil(cover.left * scale) + 2;
      x < (cover.left + cover.width) * scale - 2;
      x++
    ) {
      total += 1;
      if (pixel(saved, x, y).join() === '0,0,0,255') black += 1;
      if (pixel(original, x, y).join() !== '0,0,0,255') changed += 1;
    }
  }
  expect(total).toBeGreaterThan(10_000);
  expect(black).toBe(total);
  // The page showed something there (header, heading): all of it is gone.
  expect(changed).toBe(total);

  // The arrow is burnt in: red where the page had none.
  const arrow = state.markers.find((marker) => marker.typeName === 'ArrowMarker') as unknown as {
    x1: number;
    y1: number;
    x2: number;
    y2: number;
  };
  const mid = [
    Math.round(((arrow.x1 + arrow.x2) / 2) * scale),
    Math.round(((arrow.y1 + arrow.y2) / 2) * scale),
  ] as const;
  const [red, green, blue] = pixel(saved, mid[0], mid[1]);
  expect(red).toBeGreaterThan(200);
  expect(green + blue).toBeLessThan(120);
  expect(pixel(original, mid[0], mid[1])).not.toEqual(pixel(saved, mid[0], mid[1]));

  // Delete the first file after confirming; the history says so.
  await attachments.getByRole('button', { name: 'Delete network.har' }).click();
  await panel
    .getByRole('dialog', { name: 'Delete attachment' })
    .getByRole('button', { name: 'Delete attachment' })
    .click();
  await expect(attachments.getByTestId('attachment')).toHaveCount(1);
  await expect(detail.getByRole('region', { name: 'History' })).toContainText(
    'Removed attachment “network.har”',
  );
  await panel.screenshot({ path: 'test-results/extension-attachments.png', fullPage: true });
  expect(errors).toEqual([]);
});
