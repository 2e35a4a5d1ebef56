import { sendRequest } from '../../../../messaging/index';
import { useChromeApi } from '../../../../ui/index';
import { CaptureEntry } from './capture-entry';

/**
 * Capture region (issue 32): the page shows an overlay, the user drags over the part to capture
 * (Esc in the page cancels), and that part opens in the full-size editor at the screen's pixels.
 * Allowed sites only (the overlay is Waymark's content script).
 */
export function CaptureRegionButton({ open }: { open: (imageUrl: string) => Promise<void> }) {
  const api = useChromeApi();
  return (
    <CaptureEntry
      label="Capture region"
      open={open}
      pendingHint="Drag over the part of the page to capture (Esc on the page cancels)."
      take={async (tabId) => {
        const imageUrl = await sendRequest(
          (message) => api.runtime.sendMessage(message),
          'captureRegion',
          { tabId },
        );
        return imageUrl === null ? null : { imageUrl };
      }}
    />
  );
}
