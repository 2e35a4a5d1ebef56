import { sendRequest } from '../../../../messaging/index';
import { useChromeApi } from '../../../../ui/index';
import { CaptureEntry } from './capture-entry';

/**
 * Capture whole page (issue 32): the whole scrolling page in one image, fixed headers once; a
 * very tall page keeps its top part and the entry says so. Allowed sites, optional `debugger`
 * permission (asked for once from the entry's alert).
 */
export function CapturePageButton({ open }: { open: (imageUrl: string) => Promise<void> }) {
  const api = useChromeApi();
  return (
    <CaptureEntry
      label="Capture whole page"
      open={open}
      take={(tabId) =>
        sendRequest((message) => api.runtime.sendMessage(message), 'capturePage', { tabId })
      }
    />
  );
}
