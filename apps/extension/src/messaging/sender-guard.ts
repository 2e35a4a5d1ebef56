/**
 * Whether a message or port comes from one of the extension's own pages (side panel, options,
 * welcome). Content scripts share the runtime channel with the pages but run inside web pages,
 * and their sender's `url` is that web page's; another extension's pages have its own origin.
 * Neither may act as the signed-in user, so the worker answers only this.
 */
export function isExtensionPage(
  sender: chrome.runtime.MessageSender | undefined,
  extensionRoot: string,
): boolean {
  return sender?.url?.startsWith(extensionRoot) === true;
}
