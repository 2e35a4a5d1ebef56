import { AppError } from '@waymark/core';
import { describe, expect, it, vi } from 'vitest';
import { createFakeChrome } from '../test/fake-chrome-api';
import { createMessageListener } from './create-message-listener';
import { broadcast, sendRequest, type Transport } from './send-message';

const PAGE = { url: 'https://shop.example.com/checkout', title: 'Checkout' };

function connect(handlers: Parameters<typeof createMessageListener>[0]): Transport {
  const fake = createFakeChrome();
  fake.api.runtime.addMessageListener(createMessageListener(handlers));
  return (message) => fake.deliverMessage(message);
}

describe('message protocol', () => {
  it('delivers a request to its handler and resolves to the answer', async () => {
    const getPageInfo = vi.fn(() => PAGE);
    const transport = connect({ getPageInfo });
    await expect(sendRequest(transport, 'getPageInfo', {})).resolves.toEqual(PAGE);
    expect(getPageInfo).toHaveBeenCalledWith({}, {});
  });

  it('waits for async handlers', async () => {
    const transport = connect({
      getActiveTab: ({ windowId }) =>
        Promise.resolve({ tabId: 7, windowId, url: PAGE.url, title: PAGE.title }),
    });
    await expect(sendRequest(transport, 'getActiveTab', { windowId: 3 })).resolves.toEqual({
      tabId: 7,
      windowId: 3,
      url: PAGE.url,
      title: PAGE.title,
    });
  });

  it("rejects with the handler's own error message when the handler fails", async () => {
    const transport = connect({
      getActiveTab: () => Promise.reject(new Error('No window with id: 3.')),
    });
    await expect(sendRequest(transport, 'getActiveTab', { windowId: 3 })).rejects.toThrow(
      'No window with id: 3.',
    );
  });

  it("carries the API's error code across, so pages can explain plan limits", async () => {
    const transport = connect({
      callApi: () => Promise.reject(new AppError('PLAN_LIMIT', 'Your plan allows 1 project.')),
    });
    const failure: unknown = await sendRequest(transport, 'callApi', {
      route: 'getOrgs',
      input: {},
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: 'PLAN_LIMIT', message: 'Your plan allows 1 project.' });
  });

  it('leaves messages a context does not handle to other contexts', async () => {
    const transport = connect({ getPageInfo: () => PAGE });
    await expect(sendRequest(transport, 'getActiveTab', { windowId: 1 })).rejects.toThrow(
      'No receiver answered getActiveTab',
    );
  });

  it('ignores messages that are not part of the protocol', () => {
    const listener = createMessageListener({ getPageInfo: () => PAGE });
    const sendResponse = vi.fn();
    for (const message of [
      null,
      'getPageInfo',
      { type: 'getPageInfo' },
      { type: 'other', payload: {} },
    ]) {
      expect(listener(message, {}, sendResponse)).toBe(false);
    }
    expect(sendResponse).not.toHaveBeenCalled();
  });

  it('broadcasts without failing when no page is open to receive', async () => {
    const transport = vi.fn(() => Promise.reject(new Error('Receiving end does not exist.')));
    await expect(
      broadcast(transport, 'activeTabChanged', { windowId: 1, tab: null }),
    ).resolves.toBeUndefined();
    expect(transport).toHaveBeenCalledWith({
      type: 'activeTabChanged',
      payload: { windowId: 1, tab: null },
    });
  });
});
