// The side panel ↔ offscreen recorder conversation (issue 32, tab recordings). A BroadcastChannel,
// like the annotation editor's: both are pages of the extension's own origin, so no web page can
// join it, and the finished WebM crosses it as a File. The worker only hands out the tab's stream
// id and opens the offscreen document (`prepareRecording`).

/** The channel's name. */
export const RECORDING_CHANNEL = 'waymark-recording';

/** Longest recording: it stops by itself at 2:00 (issue 32). */
export const MAX_RECORDING_MS = 120_000;

/**
 * The Web Lock the panel holds while one of its recordings runs: the recorder waits for it, so a
 * panel that closes (or reloads) mid-recording releases it and the recorder discards the clip
 * and ends the capture — nobody is left to attach it.
 */
export function panelLockName(recordingId: string): string {
  return `waymark-recording-panel-${recordingId}`;
}

/** Why a recording ended. */
export type RecordingEnd = 'stopped' | 'limit' | 'tabClosed';

/** One message between the panel (which asks) and the offscreen recorder (which records). */
export type RecordingMessage =
  /** Panel → recorder: record the tab of `streamId` (from `tabCapture.getMediaStreamId`). */
  | { type: 'start'; recordingId: string; streamId: string; maxMs: number }
  /** Panel → recorder: stop now and hand over what was recorded. */
  | { type: 'stop'; recordingId: string }
  /** Recorder → panel: the first frame is being recorded (the timer starts from `startedAt`). */
  | { type: 'started'; recordingId: string; startedAt: number }
  /** Recorder → panel: the finished clip, its length and why it ended. */
  | { type: 'finished'; recordingId: string; file: File; durationMs: number; end: RecordingEnd }
  /** Recorder → panel: nothing could be recorded, in words the panel shows. */
  | { type: 'failed'; recordingId: string; message: string };

const TYPES = new Set(['start', 'stop', 'started', 'finished', 'failed']);

/** Whether `value` is a {@link RecordingMessage} (the channel carries nothing else). */
export function isRecordingMessage(value: unknown): value is RecordingMessage {
  if (typeof value !== 'object' || value === null) return false;
  const { type, recordingId } = value as { type?: unknown; recordingId?: unknown };
  return typeof type === 'string' && TYPES.has(type) && typeof recordingId === 'string';
}
