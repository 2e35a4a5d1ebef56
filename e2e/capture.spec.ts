import type { Locator } from '@playwright/test';
import { LONG_PAGE_PATH, STICKY_HEADER_PX, STICKY_HEADER_RGB } from './fixtures-site/capture-pages';
import { drag, editorImageBox as imageBox, markerTypes } from './support/annotation-editor';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/bug-form';
import { findTabId } from './support/extension-session';

// Issue 32: capture like the best bug tools, end to end in Chromium with the extension loaded on
// a site the user allowed (per-site host permission) and the optional `debugger` permission the
// panel asks for once (docs/capture.md).

test('on an allowed site the panel captures at any time, without the toolbar click', async ({
  bugForm,
  extensionContext: context,
}) => {
  test.setTimeout(300_000);
  const { tab, panel, form, worker } = await bugForm('/checkout', 'Totals overlap the pay button');
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
  // The thumbnail button is enabled once its image has its object URL: decoding the <img> before
  // that (no src yet) is what failed now and then with "The source image cannot be decoded".
  await expect(image).toBeEnabled();
  const shown = await image.locator('img').evaluate(async (element: HTMLImageElement) => {
    await element.decode();
    return [element.naturalWidth, element.naturalHeight];
  });
  expect(shown).toEqual([cropWidth, cropHeight]);
});

/**
 * The attached image's size and the runs of rows (start, length) whose left-edge pixel has the
 * sticky header's colour, read from the image the panel shows.
 */
function headerRuns(image: Locator) {
  return image.evaluate(async (element: HTMLImageElement, rgb) => {
    await element.decode();
    const canvas = new OffscreenCanvas(element.naturalWidth, element.naturalHeight);
    const context = canvas.getContext('2d')!;
    context.drawImage(element, 0, 0);
    const column = context.getImageData(4, 0, 1, element.naturalHeight).data;
    const runs: [number, number][] = [];
    for (let row = 0; row < element.naturalHeight; row += 1) {
      const isHeader = [0, 1, 2].every((at) => Math.abs(column[row * 4 + at]! - rgb[at]!) <= 2);
      const last = runs.at(-1);
      if (!isHeader) continue;
      if (last && last[0] + last[1] === row) last[1] += 1;
      else runs.push([row, 1]);
    }
    return { width: element.naturalWidth, height: element.naturalHeight, runs };
  }, STICKY_HEADER_RGB);
}

test('a region and the whole page, on a page that blocks scripts', async ({
  bugForm,
  extensionContext: context,
}) => {
  test.setTimeout(300_000);
  const { tab, panel, form } = await bugForm(LONG_PAGE_PATH, 'Catalogue cut off');
  await tab.bringToFront();

  // Esc on the page cancels a region: no editor, no alert, the page usable again.
  await form.getByRole('button', { name: 'Capture region' }).click();
  await expect(form.getByTestId('capture-hint')).toHaveText(
    'Drag over the part of the page to capture (Esc on the page cancels).',
  );
  await tab.mouse.click(600, 400);
  await tab.keyboard.press('Escape');
  await expect(form.getByTestId('capture-hint')).toHaveCount(0);
  await expect(form.getByRole('button', { name: 'Capture region' })).toBeEnabled();
  expect(context.pages().some((page) => page.url().includes('annotate.html'))).toBe(false);
  await expectNoAxeViolations(panel, 'the panel with its capture entries');

  // A dragged region opens full size at exactly its pixels (headless: 1 image px per CSS px).
  await form.getByRole('button', { name: 'Capture region' }).click();
  await expect(form.getByTestId('capture-hint')).toBeVisible();
  const regionEditorOpened = context.waitForEvent('page');
  await tab.mouse.move(100, 40);
  await tab.mouse.down();
  await tab.mouse.move(300, 140, { steps: 6 });
  await tab.mouse.move(400, 240, { steps: 6 });
  await tab.mouse.up();
  const regionEditor = await regionEditorOpened;
  await expect(regionEditor.getByTestId('image-size')).toHaveText('300 × 200 px');
  // Annotated full size: a rectangle drawn with its shortcut.
  const box = await imageBox(regionEditor);
  await regionEditor.locator('body').press('r');
  await drag(regionEditor, box, [0.2, 0.2], [0.8, 0.8]);
  await expect.poll(() => markerTypes(regionEditor)).toEqual(['FrameMarker']);
  const regionClosed = regionEditor.waitForEvent('close');
  await regionEditor.getByRole('button', { name: 'Save screenshot' }).click();
  await regionClosed;
  await expect(form.getByText(/screenshot-.*\.png/)).toHaveCount(1);

  // The whole page, scrolled half-way: one image of all 6,000 px, the sticky header once.
  await tab.mouse.wheel(0, 2500);
  await expect.poll(() => tab.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  const pageEditorOpened = context.waitForEvent('page');
  await form.getByRole('button', { name: 'Capture whole page' }).click();
  const pageEditor = await pageEditorOpened;
  await expect(pageEditor.getByTestId('image-size')).toHaveText(/^\d+ × 6000 px$/);
  await expect(panel.getByTestId('capture-notice')).toHaveCount(0);
  // Shot from the top, then the user's scroll position given back.
  expect(await tab.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  const pageClosed = pageEditor.waitForEvent('close');
  await pageEditor.getByRole('button', { name: 'Save screenshot' }).click();
  await pageClosed;
  await expect(form.getByText(/screenshot-.*\.png/)).toHaveCount(2);

  await form.getByRole('button', { name: 'Create item' }).click();
  const detail = panel.getByRole('article', { name: 'Item' });
  await expect(detail.getByRole('heading', { name: 'Catalogue cut off' })).toBeVisible();
  const attachments = detail.getByRole('region', { name: /Attachments/ });
  await expect(attachments.getByTestId('attachment')).toHaveCount(2, { timeout: 20_000 });
  const images = attachments.getByRole('button', { name: /Open screenshot-.*\.png full size/ });
  await expect(images.nth(0)).toBeEnabled();
  await expect(images.nth(1)).toBeEnabled();
  const shots = await Promise.all([0, 1].map((at) => headerRuns(images.nth(at).locator('img'))));
  const whole = shots.find((shot) => shot.height === 6000)!;
  const region = shots.find((shot) => shot.height === 200)!;
  expect(region.width).toBe(300);
  // The header appears once, at the top, whole (64 px): not repeated down the page.
  expect(whole.runs).toEqual([[0, STICKY_HEADER_PX]]);

  // A 20,000 px page: the top 16,384 px, and the one line saying so (asked as the panel asks).
  const tall = await context.newPage();
  await tall.goto(`${new URL(tab.url()).origin}${LONG_PAGE_PATH}?height=20000`);
  const tallId = await findTabId(context, tall.url());
  const capped = await panel.evaluate(async (tabId) => {
    const reply = await chrome.runtime.sendMessage<
      object,
      { value: { imageUrl: string; notice: string } }
    >({ type: 'capturePage', payload: { tabId } });
    const bitmap = await createImageBitmap(await (await fetch(reply.value.imageUrl)).blob());
    return { notice: reply.value.notice, width: bitmap.width, height: bitmap.height };
  }, tallId);
  expect(capped).toEqual({
    notice:
      'This page is 20,000 px tall: the image holds its top 16,384 px, the most one screenshot can hold. Scroll down and capture the visible area or a region for the rest.',
    width: 1280,
    height: 16_384,
  });
});
