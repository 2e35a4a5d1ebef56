import { RecordButton } from '../recording/index';
import { CaptureButton } from './capture-button';

/** The capture controls beside "Add files": a screenshot, and a tab recording (issue 32). */
export function CaptureTools({
  onFiles,
  quotaOrgId,
}: {
  onFiles: (files: File[]) => void;
  /** See {@link RecordButton}'s `quotaOrgId`. */
  quotaOrgId?: number;
}) {
  return (
    <>
      <CaptureButton onCaptured={(file) => onFiles([file])} />
      <RecordButton onRecorded={(file) => onFiles([file])} quotaOrgId={quotaOrgId} />
    </>
  );
}
