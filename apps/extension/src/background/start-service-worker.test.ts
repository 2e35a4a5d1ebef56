import { describe, expect, it, vi } from 'vitest';
import { LIVE_PORT } from '../messaging/index';
import { createFakeChrome, createPortPair } from '../test/fake-chrome-api';
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

  it("closes live ports that a content script or another extension opens, keeps a panel's", async () => {
    const fake = createFakeChrome();
    startServiceWorker(fake.api);
    const open = (url: string) => {
      const [page, worker] = createPortPair(LIVE_PORT.name, { url, documentId: url });
      const closed = vi.fn();
      page.onDisconnect.subscribe(closed);
      fake.onConnect.emit(worker);
      return closed;
    };
    const contentScript = open('https://shop.example.com/checkout');
    const otherExtension = open('chrome-extension://other-extension-id/sidepanel.html');
    const panel = open('chrome-extension://test-extension-id/sidepanel.html');
    await vi.waitFor(() => {
      expect(contentScript).toHaveBeenCalledOnce();
      expect(otherExtension).toHaveBeenCalledOnce();
    });
    expect(panel).not.toHaveBeenCalled();
  });
});
