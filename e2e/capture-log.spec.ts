import {
  CONSOLE_LOG_PAGE_PATH,
  CONSOLE_LOG_SECRET,
  CONSOLE_LOG_TEXTS,
} from './fixtures-site/console-log-pages';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/bug-form';
import { callApiAs, firstItemIdOfPage } from './support/extension-session';

// Issue 32: the console and network log, end to end in Chromium. The user turns recording on
// for the site, reloads the page that breaks, and attaches its log to a Bug as a text file in
// which the failing request's token is redacted (docs/capture.md).

type Attachment = { attachmentId: number; fileName: string; contentType: string };

test('attaches the console errors and the failed request of a page, the token redacted', async ({
  bugForm,
  request,
  serverUrl,
}) => {
  test.setTimeout(300_000);
  const { tab, panel, form, token } = await bugForm(
    CONSOLE_LOG_PAGE_PATH,
    'Checkout shows no totals',
  );
  const attach = form.getByRole('button', { name: 'Attach console and network log' });

  // Before the switch: one line says what to do, nothing is attached.
  await attach.click();
  await expect(form.getByRole('alert')).toContainText('Turn on “Record console errors');
  const toggle = form.getByRole('switch', {
    name: 'Record console errors and failed requests on this site',
  });
  await toggle.click();
  await expect(toggle).toBeChecked();
  await expect(form.getByRole('alert')).toHaveCount(0);
  await expectNoAxeViolations(panel, 'the bug form with the console log switch on');

  // Recording starts as the page loads: reload it, the registered recorder sees it all.
  await tab.reload({ waitUntil: 'load' });
  await expect
    .poll(() =>
      tab.evaluate(
        () => performance.getEntriesByName(location.origin + '/missing?token=s3cr3t&page=2').length,
      ),
    )
    .toBe(1);
  await attach.click();
  const added = form.getByTestId('console-log-added');
  await expect(added).toHaveText(/^Added console-log-[\dT-]+\.txt to the attachments\.$/);
  await expect(
    form.getByText(/console-log-.*\.txt · .* · attached when the item is created/),
  ).toBeVisible();
  await expectNoAxeViolations(panel, 'the bug form with the console log attached');

  await form.getByRole('button', { name: 'Create item' }).click();
  const detail = panel.getByRole('article', { name: 'Item' });
  await expect(detail.getByRole('heading', { name: 'Checkout shows no totals' })).toBeVisible();
  const attachments = detail.getByRole('region', { name: /Attachments/ });
  await expect(attachments.getByTestId('attachment')).toHaveCount(1, { timeout: 20_000 });
  await expect(attachments.getByTestId('attachment')).toContainText(/console-log-.*\.txt/);

  // The stored attachment: plain text, one line per entry, the secret nowhere.
  const itemId = await firstItemIdOfPage(request, serverUrl, token, tab.url());
  const [stored] = await callApiAs<Attachment[]>(
    request,
    serverUrl,
    token,
    'GET',
    `/api/item/getItemAttachments/${itemId}`,
  );
  expect(stored!.fileName).toMatch(/^console-log-.*\.txt$/);
  expect(stored!.contentType).toMatch(/^text\/plain/);
  const download = await request.get(
    `${serverUrl}/api/item/downloadAttachment/${itemId}/${stored!.attachmentId}`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  const text = await download.text();
  const lines = text.split('\n');
  const origin = new URL(tab.url()).origin;
  expect(lines[0]).toBe('Waymark console and network log');
  expect(lines).toContainEqual(
    expect.stringMatching(new RegExp(`  ERROR  ${CONSOLE_LOG_TEXTS.error} \\{"step":"pay"\\}$`)),
  );
  expect(lines).toContainEqual(
    expect.stringMatching(new RegExp(`  WARN  ${CONSOLE_LOG_TEXTS.warning}$`)),
  );
  expect(lines).toContainEqual(
    expect.stringMatching(new RegExp(`  UNCAUGHT  Error: ${CONSOLE_LOG_TEXTS.thrown}`)),
  );
  expect(lines).toContainEqual(
    expect.stringMatching(
      new RegExp(
        `  GET 404  ${origin}/missing\\?token=\\[redacted\\]&page=2  \\(\\d+ ms, fetch\\)$`,
      ),
    ),
  );
  expect(text).not.toContain(CONSOLE_LOG_SECRET);
});
