import { sendRequest } from '../../../../messaging/index';
import { useChromeApi } from '../../../../ui/index';
import { CaptureEntry } from './capture-entry';

/**
 * Capture screenshot: one click captures what the page's tab shows (through the worker, which
 * uses the toolbar click's grant or, on an allowed site, the optional `debugger` permission)
 * and opens it in the full-size editor.
 */
export function CaptureButton({ open }: { open: (imageUrl: string) => Promise<void> }) {
  const api = useChromeApi();
  return (
    <CaptureEntry
      label="Capture screenshot"
      open={open}
      take={async (tabId) => ({
        imageUrl: await sendRequest((message) => api.runtime.sendMessage(message), 'captureTab', {
          tabId,
        }),
      })}
    />
  );
}
