import { describe, expect, it, vi } from 'vitest';
import { EXTENSION_CONFIG_FILE } from '@waymark/core';
import { DEFAULT_SERVER_URL } from '../config';
import { createFakeChrome } from '../test/fake-chrome-api';
import {
  SERVER_URL_KEY,
  keepServerUrl,
  readServerUrl,
  saveServerUrl,
  watchServerUrl,
} from './server-url-store';

describe('server URL setting', () => {
  it('reads the default http://localhost:8080 until one is saved', async () => {
    const { api } = createFakeChrome();
    expect(DEFAULT_SERVER_URL).toBe('http://localhost:8080');
    expect(await readServerUrl(api)).toBe(DEFAULT_SERVER_URL);
  });

  it('saves a valid URL as its origin in storage.sync and reads it back', async () => {
    const { api, syncStorage } = createFakeChrome();
    expect(await saveServerUrl(api, ' https://waymark.example.com/ ')).toEqual({
      ok: true,
      url: 'https://waymark.example.com',
    });
    expect(syncStorage.get(SERVER_URL_KEY)).toBe('https://waymark.example.com');
    expect(await readServerUrl(api)).toBe('https://waymark.example.com');
  });

  it('stores nothing when the URL is invalid', async () => {
    const { api, syncStorage } = createFakeChrome();
    const check = await saveServerUrl(api, 'https://waymark.example.com/app');
    expect(check.ok).toBe(false);
    expect(syncStorage.has(SERVER_URL_KEY)).toBe(false);
  });

  it('falls back to the default when storage holds something unusable', async () => {
    const { api, syncStorage } = createFakeChrome();
    syncStorage.set(SERVER_URL_KEY, 'javascript:alert(1)');
    expect(await readServerUrl(api)).toBe(DEFAULT_SERVER_URL);
    syncStorage.set(SERVER_URL_KEY, 42);
    expect(await readServerUrl(api)).toBe(DEFAULT_SERVER_URL);
  });

  it('keeps the URL it read for the worker, and reads again once any context saves one', async () => {
    const { api } = createFakeChrome();
    await saveServerUrl(api, 'https://one.example.com');
    const reads = vi.spyOn(api.storage, 'getSync');
    const getServerUrl = keepServerUrl(api);
    expect(await getServerUrl()).toBe('https://one.example.com');
    expect(await getServerUrl()).toBe('https://one.example.com');
    expect(reads).toHaveBeenCalledTimes(1);
    await api.storage.setSync({ unrelated: true });
    expect(await getServerUrl()).toBe('https://one.example.com');
    expect(reads).toHaveBeenCalledTimes(1);
    await saveServerUrl(api, 'https://two.example.com');
    expect(await getServerUrl()).toBe('https://two.example.com');
  });

  it('tells watchers about a URL saved by another page, and stops when asked', async () => {
    const { api } = createFakeChrome();
    const listener = vi.fn();
    const stop = watchServerUrl(api, listener);
    await api.storage.setSync({ unrelated: true });
    await saveServerUrl(api, 'https://one.example.com');
    stop();
    await saveServerUrl(api, 'https://two.example.com');
    expect(listener.mock.calls).toEqual([['https://one.example.com']]);
  });

  it("defaults to the server named in the packaged waymark-config.json (the server's download)", async () => {
    const { api, packagedFiles, syncStorage } = createFakeChrome();
    packagedFiles.set(EXTENSION_CONFIG_FILE, { serverUrl: 'https://waymark.acme.test/' });
    expect(await readServerUrl(api)).toBe('https://waymark.acme.test');
    await saveServerUrl(api, 'https://other.example.com');
    expect(await readServerUrl(api)).toBe('https://other.example.com');
    syncStorage.set(SERVER_URL_KEY, 'not a url');
    expect(await readServerUrl(api)).toBe('https://waymark.acme.test');
  });

  it('keeps the build default when the packaged config names no usable server', async () => {
    const { api, packagedFiles } = createFakeChrome();
    packagedFiles.set(EXTENSION_CONFIG_FILE, { serverUrl: 'ftp://nope' });
    expect(await readServerUrl(api)).toBe(DEFAULT_SERVER_URL);
  });
});
