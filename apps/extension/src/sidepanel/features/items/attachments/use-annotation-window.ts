import { useCallback, useEffect, useRef, useState } from 'react';
import {
  ANNOTATION_CHANNEL,
  isAnnotationMessage,
  type AnnotationMessage,
} from '../../../../messaging/index';
import { pngSize } from '../../../../imaging/index';
import type { ChromeApi } from '../../../../platform/index';

/** Room around the screenshot in the editor's window: its toolbar above, a margin around. */
const WINDOW_CHROME = { width: 48, height: 190 };
/** The smallest editor window: the toolbar wraps below this. */
const WINDOW_MIN = { width: 720, height: 480 };

/** The editor window's size: the screenshot at real size, within the screen. */
export function editorWindowSize(
  image: { width: number; height: number } | null,
  screen: { availWidth: number; availHeight: number },
): { width: number; height: number } {
  const want = image ?? { width: screen.availWidth, height: screen.availHeight };
  return {
    width: Math.min(
      screen.availWidth,
      Math.max(WINDOW_MIN.width, want.width + WINDOW_CHROME.width),
    ),
    height: Math.min(
      screen.availHeight,
      Math.max(WINDOW_MIN.height, want.height + WINDOW_CHROME.height),
    ),
  };
}

/**
 * Opens the full-size editor (annotate.html) in a window of its own for a captured screenshot,
 * hands it the image over {@link ANNOTATION_CHANNEL} and calls `onSaved` with the annotated PNG.
 * A window, not a tab: the side panel follows the active tab, so a tab would take the panel (and
 * the item being written) away from the page.
 */
export function useAnnotationWindow(api: ChromeApi, onSaved: (file: File) => void) {
  const [isOpen, setIsOpen] = useState(false);
  const session = useRef<{ captureId: string; imageUrl: string } | null>(null);
  const saved = useRef(onSaved);
  useEffect(() => {
    saved.current = onSaved;
  }, [onSaved]);

  useEffect(() => {
    const opened = new BroadcastChannel(ANNOTATION_CHANNEL);
    const post = (message: AnnotationMessage) => opened.postMessage(message);
    opened.addEventListener('message', (event: MessageEvent) => {
      const message: unknown = event.data;
      const current = session.current;
      if (!isAnnotationMessage(message) || message.captureId !== current?.captureId) return;
      if (message.type === 'editorReady') {
        post({ type: 'screenshot', captureId: current.captureId, imageUrl: current.imageUrl });
      } else if (message.type === 'saved') {
        post({ type: 'received', captureId: current.captureId });
        session.current = null;
        setIsOpen(false);
        saved.current(message.file);
      } else if (message.type === 'cancelled') {
        session.current = null;
        setIsOpen(false);
      }
    });
    return () => opened.close();
  }, []);

  const open = useCallback(
    async (imageUrl: string) => {
      const captureId = crypto.randomUUID();
      session.current = { captureId, imageUrl };
      setIsOpen(true);
      try {
        await api.windows.openPopup({
          url: api.runtime.getURL(`annotate.html?capture=${captureId}`),
          ...editorWindowSize(pngSize(imageUrl), window.screen),
        });
      } catch (caught) {
        session.current = null;
        setIsOpen(false);
        throw caught;
      }
    },
    [api],
  );

  return { open, isOpen };
}
