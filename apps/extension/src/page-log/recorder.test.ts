// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { installPageRecorder, PAGE_LOG_CAPACITY, PAGE_LOG_GLOBAL } from './recorder';

/** A stand-in XMLHttpRequest whose answer the test decides (status, or a network error). */
class FakeXhr extends EventTarget {
  status = 0;
  headerReads = 0;
  open(_method: string, _url: string) {}
  send(_body?: unknown) {}
  getResponseHeader() {
    this.headerReads += 1;
    return null;
  }
  /** Ends the request as the browser would: `error` then `loadend`, or just `loadend`. */
  finish(status: number, failure?: 'error' | 'abort') {
    this.status = status;
    if (failure) this.dispatchEvent(new Event(failure));
    this.dispatchEvent(new Event('loadend'));
  }
}

/** A page's window with a console, a fetch and an XHR the test controls, on a fake clock. */
function page(fetchImpl: typeof fetch = vi.fn()) {
  const target = new EventTarget();
  const console = { error: vi.fn(), warn: vi.fn(), log: vi.fn() } as unknown as Console;
  const original = { error: console.error, warn: console.warn };
  let clock = 1_000;
  const win = {
    console,
    location: { href: 'https://shop.example.com/cart' } as Location,
    addEventListener: target.addEventListener.bind(target),
    dispatchEvent: target.dispatchEvent.bind(target),
    fetch: fetchImpl,
    XMLHttpRequest: FakeXhr as unknown as typeof XMLHttpRequest,
  };
  const log = installPageRecorder(win, () => clock);
  return { win, log, original, tick: (ms: number) => (clock += ms) };
}

describe('installPageRecorder', () => {
  it('keeps console errors and warnings, redacted, and still logs them to the console', () => {
    const { win, log, original } = page();
    win.console.error('Checkout failed', new TypeError('x is undefined'), { order: 7 });
    win.console.warn('retrying with token=abc123 and Bearer eyJhbGciOi.x.y');
    win.console.log('plain logs are not kept');
    expect(log.entries()).toEqual([
      { time: 1_000, kind: 'error', text: 'Checkout failed TypeError: x is undefined {"order":7}' },
      { time: 1_000, kind: 'warning', text: expect.stringContaining('token=[redacted]') as string },
    ]);
    expect(JSON.stringify(log.entries())).not.toMatch(/abc123|eyJhbGciOi/);
    expect(original.error).toHaveBeenCalledWith('Checkout failed', expect.any(TypeError), {
      order: 7,
    });
    expect(original.warn).toHaveBeenCalledTimes(1);
  });

  it('keeps uncaught errors and unhandled rejections', () => {
    const { win, log } = page();
    win.dispatchEvent(
      new ErrorEvent('error', {
        message: 'Uncaught Error: boom',
        error: new Error('boom'),
        filename: 'https://shop.example.com/app.js?key=k1',
        lineno: 3,
        colno: 9,
      }),
    );
    const rejection = new Event('unhandledrejection') as Event & { reason: unknown };
    rejection.reason = new RangeError('session=s1 expired');
    win.dispatchEvent(rejection);
    win.dispatchEvent(new Event('error')); // a resource's error: no message, not kept
    expect(log.entries().map((entry) => 'text' in entry && entry.text)).toEqual([
      'Error: boom (https://shop.example.com/app.js?key=[redacted]:3:9)',
      'RangeError: session=[redacted] expired',
    ]);
  });

  it('keeps failed fetches (status or network error) with the URL redacted, never headers', async () => {
    const headers = { get: vi.fn() };
    const fetchImpl = vi.fn((input: RequestInfo | URL, _init?: RequestInit) => {
      if ((input as string).includes('offline'))
        return Promise.reject(new TypeError('Failed to fetch'));
      const status = (input as string).includes('missing') ? 404 : 200;
      return Promise.resolve({ status, ok: status < 400, headers } as unknown as Response);
    });
    const { win, log, tick } = page(fetchImpl);
    const answer = win.fetch('/missing?token=s3cr3t&page=2', {
      headers: { Authorization: 'Bearer top-secret' },
    });
    tick(42);
    expect((await answer).status).toBe(404);
    await win.fetch('/fine?token=t');
    await expect(win.fetch('https://api.example.com/offline', { method: 'post' })).rejects.toThrow(
      'Failed to fetch',
    );
    expect(log.entries()).toEqual([
      {
        time: 1_000,
        kind: 'request',
        via: 'fetch',
        method: 'GET',
        url: 'https://shop.example.com/missing?token=[redacted]&page=2',
        status: 404,
        failure: null,
        durationMs: 42,
      },
      {
        time: 1_042,
        kind: 'request',
        via: 'fetch',
        method: 'POST',
        url: 'https://api.example.com/offline',
        status: null,
        failure: 'TypeError: Failed to fetch',
        durationMs: 0,
      },
    ]);
    // The page's own call went through unchanged; nothing read a header or kept one.
    expect(fetchImpl.mock.calls[0]![1]).toEqual({
      headers: { Authorization: 'Bearer top-secret' },
    });
    expect(headers.get).not.toHaveBeenCalled();
    expect(JSON.stringify(log.entries())).not.toMatch(/s3cr3t|top-secret|Authorization/);
  });

  it('keeps failed XMLHttpRequests, never reading a header', () => {
    const { win, log, tick } = page();
    const Xhr = win.XMLHttpRequest as unknown as typeof FakeXhr;
    const ok = new Xhr();
    ok.open('GET', '/ok');
    ok.send();
    ok.finish(200);
    const failed = new Xhr();
    failed.open('put', 'https://shop.example.com/api?api_key=K9&id=3');
    failed.send('{}');
    tick(7);
    failed.finish(500);
    const offline = new Xhr();
    offline.open('GET', '/down');
    offline.send();
    offline.finish(0, 'error');
    expect(log.entries()).toMatchObject([
      {
        via: 'xhr',
        method: 'PUT',
        url: 'https://shop.example.com/api?api_key=[redacted]&id=3',
        status: 500,
        failure: null,
        durationMs: 7,
      },
      {
        via: 'xhr',
        method: 'GET',
        url: 'https://shop.example.com/down',
        status: null,
        failure: 'network error',
      },
    ]);
    expect([ok, failed, offline].map((xhr) => xhr.headerReads)).toEqual([0, 0, 0]);
  });

  it('keeps only the last 50 entries, oldest first', () => {
    const { win, log } = page();
    for (let index = 1; index <= PAGE_LOG_CAPACITY + 5; index += 1) win.console.error(`e${index}`);
    const texts = log.entries().map((entry) => 'text' in entry && entry.text);
    expect(texts).toHaveLength(PAGE_LOG_CAPACITY);
    expect(texts[0]).toBe('e6');
    expect(texts.at(-1)).toBe(`e${PAGE_LOG_CAPACITY + 5}`);
  });

  it('installs once: a second injection keeps the first buffer and wraps nothing twice', () => {
    const { win, log } = page();
    const again = installPageRecorder(win);
    win.console.error('once');
    expect(again).toBe(log);
    expect(log.entries()).toHaveLength(1);
    expect((win as Record<string, unknown>)[PAGE_LOG_GLOBAL]).toBe(log);
  });
});
