import type { ChromeApi } from '../../../platform/index';
import { toOriginPattern } from '../../../platform/index';

/**
 * Asks the user for access to the page's site (for its toolbar item count). Call it first thing
 * in a click handler: Chrome only shows the prompt within a user gesture. The answer is not
 * awaited by callers, so a dismissed prompt never blocks the action the user asked for.
 */
export function requestSiteAccess(api: ChromeApi, pageUrl: string): Promise<boolean> {
  const pattern = toOriginPattern(pageUrl);
  if (!pattern) return Promise.resolve(false);
  return api.permissions.request([pattern]).catch(() => false);
}
