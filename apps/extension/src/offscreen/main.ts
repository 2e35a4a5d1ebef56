// The offscreen document (issue 32): MV3 service workers have no MediaRecorder or getUserMedia,
// so the tab is recorded here, in a hidden extension page opened by the worker for USER_MEDIA.
import fixWebmDuration from 'fix-webm-duration';
import {
  isRecordingMessage,
  panelLockName,
  RECORDING_CHANNEL,
  type RecordingMessage,
} from '../messaging/index';
import { createTabRecorder, VIDEO_BITS_PER_SECOND, WEBM_TYPES } from './tab-recorder';

const channel = new BroadcastChannel(RECORDING_CHANNEL);

const recorder = createTabRecorder({
  openTabStream: (streamId) =>
    navigator.mediaDevices.getUserMedia({
      audio: false,
      video: {
        // Chrome's constraints for a tabCapture stream id (not in the standard typings).
        mandatory: { chromeMediaSource: 'tab', chromeMediaSourceId: streamId },
      } as MediaTrackConstraints,
    }),
  createRecorder: (stream) =>
    new MediaRecorder(stream, {
      mimeType: WEBM_TYPES.find((type) => MediaRecorder.isTypeSupported(type)) ?? 'video/webm',
      videoBitsPerSecond: VIDEO_BITS_PER_SECOND,
    }),
  fixDuration: (blob, durationMs) => fixWebmDuration(blob, durationMs, { logger: false }),
  // Granted only when the panel's lock is released: the panel closed or the recording ended.
  whenPanelGone: (recordingId) =>
    navigator.locks.request(panelLockName(recordingId), () => undefined),
  post: (message: RecordingMessage) => channel.postMessage(message),
  now: () => Date.now(),
  setTimer: (run, ms) => {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
});

channel.addEventListener('message', (event: MessageEvent<unknown>) => {
  if (isRecordingMessage(event.data)) recorder.handle(event.data);
});
