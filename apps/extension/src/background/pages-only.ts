import { AppError } from '@waymark/core';
import { isExtensionPage, type MessageHandler, type MessageType } from '../messaging/index';
import type { ChromeApi } from '../platform/index';

/**
 * Wraps a worker handler so that it answers the extension's own pages only: a content script
 * (a web page's code shares the runtime channel) or another extension gets `FORBIDDEN` with
 * `refusal`, thrown before the handler runs. Ports get the same guard from `servePort`.
 */
export function pagesOnly<T extends MessageType>(
  api: ChromeApi,
  refusal: string,
  handler: MessageHandler<T>,
): MessageHandler<T> {
  const extensionRoot = api.runtime.getURL('');
  return (payload, sender) => {
    if (!isExtensionPage(sender, extensionRoot)) throw new AppError('FORBIDDEN', refusal);
    return handler(payload, sender);
  };
}
