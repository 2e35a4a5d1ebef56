import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import {
  findTabId,
  readAccessToken,
  signUpThroughExtension,
  type TestUser,
} from './extension-session';

/**
 * Page object of the extension's side panel. The real side panel is not a page Playwright can
 * reach, so the panel is a tab of the extension's browser showing `sidepanel.html`, pinned to a
 * site tab with the test-only `?tabId=N` — what the side panel shows beside that tab.
 */
export class SidePanel {
  /** Console errors the panel logged, for a spec to assert there were none. */
  readonly errors: string[] = [];

  constructor(
    /** The tab showing the panel. */
    readonly page: Page,
    /** The browser (persistent context) the extension runs in. */
    readonly context: BrowserContext,
    /** The loaded extension's id. */
    readonly extensionId: string,
  ) {
    page.on('console', (message) => {
      if (message.type() === 'error') this.errors.push(message.text());
    });
  }

  /** Opens `url` in a new tab of the same browser, as the user visiting a page of their site. */
  async openTab(url: string): Promise<Page> {
    const tab = await this.context.newPage();
    await tab.goto(url);
    return tab;
  }

  /** Shows the panel beside `tab`, waiting until it names the tab's address. */
  async showFor(tab: Page): Promise<void> {
    const tabId = await findTabId(this.context, tab.url());
    await this.page.goto(this.urlFor(tabId));
    await expect(this.page.getByTestId('current-page-url')).toHaveText(tab.url());
  }

  /** The panel's address pinned to the tab with id `tabId`. */
  urlFor(tabId: number): string {
    return `chrome-extension://${this.extensionId}/sidepanel.html?tabId=${tabId}`;
  }

  /** Signs a new user up through the provider window; resolves once the panel names them. */
  signUp(user: TestUser): Promise<void> {
    return signUpThroughExtension(this.context, this.page, user);
  }

  /** The signed-in user's access token, from the service worker's session storage. */
  accessToken(): Promise<string> {
    return readAccessToken(this.context);
  }

  /** The list's heading, "Items on this page (n)". */
  itemCount(count: number): Locator {
    return this.page.getByText(`Items on this page (${count})`);
  }

  /** The row of the item titled `title` in the list. */
  row(title: string): Locator {
    return this.page.getByRole('button', { name: title });
  }
}
