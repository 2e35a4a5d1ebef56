// Clicking the extension's toolbar icon for a tab, as a user does: the one way to grant activeTab.
import type { BrowserContext, Page } from '@playwright/test';

/**
 * Runs the extension's toolbar action on the tab showing `tab` (CDP `Extensions.triggerAction`,
 * which needs `--enable-unsafe-extension-debugging`). Chrome then grants the extension
 * `activeTab` for that tab exactly as a real click would — what `tabs.captureVisibleTab` needs.
 */
export async function clickToolbarIcon(
  context: BrowserContext,
  extensionId: string,
  tab: Page,
): Promise<void> {
  const browser = context.browser();
  if (!browser) throw new Error('The context has no browser to open a CDP session on');
  const session = await browser.newBrowserCDPSession();
  try {
    const { targetInfos } = await session.send('Target.getTargets', { filter: [{}] });
    // The action runs on a tab target (the page's parent), not on the page target.
    const target = targetInfos.find((info) => info.type === 'tab' && info.url === tab.url());
    if (!target) throw new Error(`No tab target shows ${tab.url()}`);
    await session.send('Extensions.triggerAction', {
      id: extensionId,
      targetId: target.targetId,
    });
  } finally {
    await session.detach();
  }
}
