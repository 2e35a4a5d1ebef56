import { Alert, Anchor, Loader, Stack } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  ANNOTATION_CHANNEL,
  isAnnotationMessage,
  type AnnotationMessage,
} from '../messaging/index';
import { AnnotationEditor } from './annotation-editor';

/** How long the editor waits for the panel to answer before saying it is gone. */
export const PANEL_ANSWER_MS = 3000;

/** The panel closed before the editor got the screenshot. */
export const NO_SCREENSHOT =
  'The Waymark panel that took this screenshot is closed: open the panel and capture again.';

/** The panel closed before it got the annotated image. */
export const NOT_ATTACHED =
  'The Waymark panel that took this screenshot is closed, so the image was not attached. Download it below, then add it to the item with Add files.';

/**
 * annotate.html: the full-size editor's window. Asks the panel that captured (over
 * {@link ANNOTATION_CHANNEL}) for screenshot `?capture=<id>`, shows the editor, sends the saved
 * PNG back and closes once the panel has it. If the panel has gone, says so and keeps the image
 * downloadable rather than losing the user's work.
 */
export function AnnotateApp({ search }: { search: string }) {
  const captureId = new URLSearchParams(search).get('capture');
  const channel = useMemo(() => new BroadcastChannel(ANNOTATION_CHANNEL), []);
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(captureId ? null : NO_SCREENSHOT);
  const [unsent, setUnsent] = useState<string | null>(null);
  const received = useRef<(() => void) | null>(null);
  const isDone = useRef(false);

  useEffect(() => {
    if (!captureId) return;
    const post = (message: AnnotationMessage) => channel.postMessage(message);
    const onMessage = (event: MessageEvent) => {
      const message: unknown = event.data;
      if (!isAnnotationMessage(message) || message.captureId !== captureId) return;
      if (message.type === 'screenshot') setImageUrl(message.imageUrl);
      if (message.type === 'received') received.current?.();
    };
    channel.addEventListener('message', onMessage);
    post({ type: 'editorReady', captureId });
    const timer = setTimeout(
      () => setImageUrl((shown) => (shown ? shown : (setProblem(NO_SCREENSHOT), null))),
      PANEL_ANSWER_MS,
    );
    const onHide = () => {
      if (!isDone.current) post({ type: 'cancelled', captureId });
    };
    window.addEventListener('pagehide', onHide);
    return () => {
      clearTimeout(timer);
      channel.removeEventListener('message', onMessage);
      window.removeEventListener('pagehide', onHide);
    };
  }, [channel, captureId]);

  const onSave = useCallback(
    async (file: File) => {
      if (!captureId) return;
      const answered = new Promise<boolean>((resolve) => {
        received.current = () => resolve(true);
        setTimeout(() => resolve(false), PANEL_ANSWER_MS);
      });
      channel.postMessage({ type: 'saved', captureId, file } satisfies AnnotationMessage);
      if (await answered) {
        isDone.current = true;
        window.close();
        return;
      }
      setUnsent(URL.createObjectURL(file));
      setProblem(NOT_ATTACHED);
    },
    [channel, captureId],
  );

  const onCancel = useCallback(() => window.close(), []);

  if (problem) {
    return (
      <Stack p="md" component="main">
        <Alert color="orange" variant="light" role="alert" title="Annotate the screenshot">
          {problem}
        </Alert>
        {unsent && (
          <Anchor href={unsent} download="screenshot.png">
            Download the annotated screenshot
          </Anchor>
        )}
      </Stack>
    );
  }
  if (!imageUrl) {
    return (
      <Stack p="md" align="center" component="main">
        <Loader aria-label="Loading the screenshot" />
      </Stack>
    );
  }
  return <AnnotationEditor imageUrl={imageUrl} onSave={onSave} onCancel={onCancel} />;
}
