import { RecordButton } from '../recording/index';
import { CaptureButton } from './capture-button';

/** The capture controls beside "Add files": a screenshot, and a tab recording (issue 32). */
export function CaptureTools({ onFiles }: { onFiles: (files: File[]) => void }) {
  return (
    <>
      <CaptureButton onCaptured={(file) => onFiles([file])} />
      <RecordButton onRecorded={(file) => onFiles([file])} />
    </>
  );
}
