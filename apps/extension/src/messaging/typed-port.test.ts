import { describe, expect, it, vi } from 'vitest';
import type { PortLike } from '../platform/index';
import { createFakeChrome, createPortPair } from '../test/fake-chrome-api';
import { connectPort, isTagged, servePort, type PortProtocol } from './typed-port';

type Ask = { kind: 'ask'; question: string };
type Answer = { kind: 'answer'; text: string };

const ECHO: PortProtocol<Ask, Answer> = {
  name: 'test-echo',
  isToWorker: isTagged<Ask, 'kind'>('kind', { ask: true }),
  isToPage: isTagged<Answer, 'kind'>('kind', { answer: true }),
};

const PANEL_URL = 'chrome-extension://test-extension-id/sidepanel.html';

/** Serves ECHO on a fake worker; returns the fake and the questions the worker heard. */
function serveEcho() {
  const fake = createFakeChrome();
  const heard: Ask[] = [];
  servePort(fake.api, ECHO, (port) => {
    port.onMessage((message) => {
      heard.push(message);
      port.post({ kind: 'answer', text: message.question.toUpperCase() });
    });
  });
  return { fake, heard };
}

/** Opens a port of `name` as if from `url`; returns the opener's end and whether it was closed. */
function openAs(fake: ReturnType<typeof createFakeChrome>, name: string, url: string) {
  const [page, worker] = createPortPair(name, { url });
  const closed = vi.fn();
  page.onDisconnect.subscribe(closed);
  fake.onConnect.emit(worker);
  return { page, closed };
}

describe('typed ports', () => {
  it("serves an extension page's port and carries the protocol's messages both ways", async () => {
    const { fake, heard } = serveEcho();
    const port = connectPort(fake.api, ECHO);
    const answers: Answer[] = [];
    port.onMessage((answer) => answers.push(answer));
    port.post({ kind: 'ask', question: 'hello' });
    await vi.waitFor(() => expect(answers).toEqual([{ kind: 'answer', text: 'HELLO' }]));
    expect(heard).toEqual([{ kind: 'ask', question: 'hello' }]);
  });

  it('closes, unanswered, the ports a content script or another extension opens', async () => {
    const { fake, heard } = serveEcho();
    const contentScript = openAs(fake, ECHO.name, 'https://shop.example.com/checkout');
    const otherExtension = openAs(fake, ECHO.name, 'chrome-extension://other-id/sidepanel.html');
    const noUrl = openAs(fake, ECHO.name, '');
    const ask = (port: PortLike) => {
      try {
        port.postMessage({ kind: 'ask', question: 'tokens?' });
      } catch {
        // Already closed: what a refused sender should find.
      }
    };
    [contentScript, otherExtension, noUrl].forEach(({ page }) => ask(page));
    await vi.waitFor(() => {
      expect(contentScript.closed).toHaveBeenCalledOnce();
      expect(otherExtension.closed).toHaveBeenCalledOnce();
      expect(noUrl.closed).toHaveBeenCalledOnce();
    });
    expect(heard).toEqual([]);
  });

  it('leaves ports of other protocols to their own servers', async () => {
    const { fake } = serveEcho();
    const other = openAs(fake, 'another-port', 'https://shop.example.com/');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(other.closed).not.toHaveBeenCalled();
  });

  it("drops messages that are not the worker's part of the protocol", async () => {
    const { fake, heard } = serveEcho();
    const { page } = openAs(fake, ECHO.name, PANEL_URL);
    const received: unknown[] = [];
    page.onMessage.subscribe((message) => received.push(message));
    const junk = [null, 'ask', { kind: 'other' }, { kind: 'answer', text: 'x' }, { question: 'x' }];
    [...junk, { kind: 'ask', question: 'ok' }].forEach((message) => page.postMessage(message));
    await vi.waitFor(() => expect(received).toHaveLength(1));
    expect(heard).toEqual([{ kind: 'ask', question: 'ok' }]);
  });

  it("drops messages that are not the page's part of the protocol", async () => {
    const fake = createFakeChrome();
    const [pageEnd, workerEnd] = createPortPair(ECHO.name, { url: PANEL_URL });
    vi.spyOn(fake.api.runtime, 'connect').mockReturnValue(pageEnd);
    const port = connectPort(fake.api, ECHO);
    const answers: Answer[] = [];
    port.onMessage((answer) => answers.push(answer));
    workerEnd.postMessage({ kind: 'ask', question: 'meant for the worker' });
    workerEnd.postMessage(42);
    workerEnd.postMessage({ kind: 'answer', text: 'for pages' });
    await vi.waitFor(() => expect(answers).toEqual([{ kind: 'answer', text: 'for pages' }]));
    expect(fake.api.runtime.connect).toHaveBeenCalledWith(ECHO.name);
  });
});
