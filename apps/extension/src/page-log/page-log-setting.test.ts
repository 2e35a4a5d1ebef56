import { describe, expect, it, vi } from 'vitest';
import { createFakeChrome } from '../test/fake-chrome-api';
import {
  PAGE_LOG_SCRIPT,
  PAGE_LOG_MESSAGES,
  isPageLogOn,
  readPageLogFile,
  setPageLog,
} from './page-log-setting';

const PAGE = { url: 'https://shop.example.com/cart?session=abc', tabId: 4 };
const AT = new Date('2026-11-26T08:30:05.123Z');

/** A fake Chrome where the shop's site is allowed (or not). */
function chromeFor({ isAllowed = true } = {}) {
  const fake = createFakeChrome();
  if (isAllowed) fake.grantedOrigins.add('https://shop.example.com/*');
  return fake;
}

describe('setPageLog', () => {
  it('stores the site, registers the MAIN-world recorder for it and starts it in the tab at once', async () => {
    const fake = chromeFor();
    await setPageLog(fake.api, PAGE, true);
    expect(await isPageLogOn(fake.api, 'https://shop.example.com/other')).toBe(true);
    expect(await isPageLogOn(fake.api, 'https://shop.example.org/')).toBe(false);
    expect(fake.api.scripting.setPageScript).toHaveBeenLastCalledWith({
      ...PAGE_LOG_SCRIPT,
      matches: ['https://shop.example.com/*'],
    });
    expect(fake.api.scripting.executeFile).toHaveBeenCalledWith(4, 'page-recorder.js', 'MAIN');
    await setPageLog(fake.api, PAGE, false);
    expect(await isPageLogOn(fake.api, PAGE.url)).toBe(false);
    expect(fake.api.scripting.setPageScript).toHaveBeenLastCalledWith({
      ...PAGE_LOG_SCRIPT,
      matches: [],
    });
  });

  it('refuses on a site the user has not allowed, changing nothing', async () => {
    const fake = chromeFor({ isAllowed: false });
    await expect(setPageLog(fake.api, PAGE, true)).rejects.toThrow(PAGE_LOG_MESSAGES.needsSite);
    expect(await isPageLogOn(fake.api, PAGE.url)).toBe(false);
    expect(fake.api.scripting.setPageScript).not.toHaveBeenCalled();
    expect(fake.api.scripting.executeFile).not.toHaveBeenCalled();
  });
});

describe('readPageLogFile', () => {
  it('turns the page buffer into a text/plain console-log file, redacted again', async () => {
    const fake = chromeFor();
    await setPageLog(fake.api, PAGE, true);
    vi.mocked(fake.api.scripting.callInPage).mockResolvedValue([
      {
        time: Date.parse('2026-11-26T08:30:00Z'),
        kind: 'error',
        text: 'Checkout failed\nline two',
      },
      // A page could tamper with its buffer: a secret it slipped in is still redacted.
      {
        time: Date.parse('2026-11-26T08:30:01Z'),
        kind: 'request',
        via: 'fetch',
        method: 'GET',
        url: 'https://shop.example.com/missing?token=s3cr3t&page=2',
        status: 404,
        failure: null,
        durationMs: 12,
      },
      { kind: 'nonsense' },
    ]);
    const file = await readPageLogFile(fake.api, PAGE, AT);
    expect(file.name).toBe('console-log-2026-11-26T08-30-05.txt');
    expect(file.type).toBe('text/plain');
    const text = await file.text();
    expect(text.split('\n')).toEqual([
      'Waymark console and network log',
      'Page: https://shop.example.com/cart?session=[redacted]',
      'Attached: 2026-11-26T08:30:05.123Z',
      'Entries: 2 (the last 50 console errors and warnings, uncaught errors and failed requests)',
      '',
      '2026-11-26T08:30:00.000Z  ERROR  Checkout failed ⏎ line two',
      '2026-11-26T08:30:01.000Z  GET 404  https://shop.example.com/missing?token=[redacted]&page=2  (12 ms, fetch)',
      '',
    ]);
    expect(text).not.toContain('s3cr3t');
  });

  it.each([
    ['the log is off', { isOn: false, buffer: [] }, PAGE_LOG_MESSAGES.off],
    ['the page was not recorded', { isOn: true, buffer: null }, PAGE_LOG_MESSAGES.notRecorded],
    ['nothing was recorded', { isOn: true, buffer: [] }, PAGE_LOG_MESSAGES.empty],
  ])('says so in one line when %s', async (_case, { isOn, buffer }, message) => {
    const fake = chromeFor();
    if (isOn) await setPageLog(fake.api, PAGE, true);
    vi.mocked(fake.api.scripting.callInPage).mockResolvedValue(buffer);
    await expect(readPageLogFile(fake.api, PAGE)).rejects.toThrow(message);
  });

  it('refuses on a site not allowed, without reading the page', async () => {
    const fake = chromeFor({ isAllowed: false });
    await expect(readPageLogFile(fake.api, PAGE)).rejects.toThrow(PAGE_LOG_MESSAGES.needsSite);
    expect(fake.api.scripting.callInPage).not.toHaveBeenCalled();
  });
});
