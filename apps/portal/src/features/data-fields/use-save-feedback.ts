import { useBanner } from '../../components/banner/use-banner';
import { getErrorMessage } from '../../lib/error-message';
import type { RowSaveResult } from '../../lib/use-row-editor';

/**
 * spec §8 for statuses, item types and releases: a failed save shows the server's error text,
 * else the error's message, else "An unknown error occurred"; a successful one the server's text.
 */
export function useSaveFeedback() {
  const { showBanner } = useBanner();
  return (result: RowSaveResult | null) => {
    if (!result) return;
    const [failure] = result.failures;
    if (result.failures.length > 0) showBanner(getErrorMessage(failure), 'error');
    else if (result.messages.length > 0) showBanner(result.messages.at(-1) ?? '');
  };
}
