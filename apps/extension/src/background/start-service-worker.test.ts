import { describe, expect, it } from 'vitest';
import { createFakeChrome } from '../test/fake-chrome-api';
import { startServiceWorker } from './start-service-worker';

describe('startServiceWorker', () => {
  it('makes the toolbar icon open the side panel', () => {
    const fake = createFakeChrome();
    startServiceWorker(fake.api);
    expect(fake.api.sidePanel.openOnActionClick).toHaveBeenCalledOnce();
  });

  it('answers getActiveTab from the side panel', async () => {
    const fake = createFakeChrome();
    fake.tabs.push({ id: 3, windowId: 1, active: true, url: 'https://a.example.com/', title: 'A' });
    startServiceWorker(fake.api);
    const reply = await fake.deliverMessage({ type: 'getActiveTab', payload: { windowId: 1 } });
    expect(reply).toEqual({
      ok: true,
      value: { tabId: 3, windowId: 1, url: 'https://a.example.com/', title: 'A' },
    });
  });

  it('opens the welcome page on install', () => {
    const fake = createFakeChrome();
    startServiceWorker(fake.api);
    fake.onInstalled.emit({ reason: 'install' });
    expect(fake.api.tabs.create).toHaveBeenCalledOnce();
  });
});
