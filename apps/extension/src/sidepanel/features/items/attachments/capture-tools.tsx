import { Text } from '@mantine/core';
import { useChromeApi } from '../../../../ui/index';
import { CaptureButton } from './capture-button';
import { CapturePageButton } from './capture-page-button';
import { CaptureRegionButton } from './capture-region-button';
import { ConsoleLogTools } from './console-log-tools';
import { useAnnotationWindow } from './use-annotation-window';

/**
 * The capture entries of the attachments row — visible area, region, whole page — sharing one
 * full-size editor window, whose saved PNG goes to `onCaptured` — and the console and network
 * log, whose text file goes there too. Each entry is a component of its own (more kinds of
 * capture join here).
 */
export function CaptureTools({ onCaptured }: { onCaptured: (file: File) => void }) {
  const api = useChromeApi();
  const editor = useAnnotationWindow(api, onCaptured);
  return (
    <>
      <CaptureButton open={editor.open} />
      <CaptureRegionButton open={editor.open} />
      <CapturePageButton open={editor.open} />
      <ConsoleLogTools onCaptured={onCaptured} />
      {editor.isOpen && (
        <Text size="xs" c="dimmed" w="100%" data-testid="editor-open">
          The screenshot is open full size in its own window: save it there to attach it here.
        </Text>
      )}
    </>
  );
}
