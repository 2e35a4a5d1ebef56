import type { RecordingEnd, RecordingMessage } from '../messaging/index';
import { stampedFileName } from '../transfer/index';

/** Video only, in a bit rate that keeps two minutes (~18 MB) under the server's 25 MB per file. */
export const VIDEO_BITS_PER_SECOND = 1_200_000;

/** WebM types in order of preference; the first the browser records is used. */
export const WEBM_TYPES = ['video/webm;codecs=vp9', 'video/webm;codecs=vp8', 'video/webm'];

/** The part of `MediaRecorder` the recorder uses (tests pass a fake). */
export type RecorderLike = Pick<
  MediaRecorder,
  'state' | 'ondataavailable' | 'onstop' | 'start' | 'stop'
>;

/** What the recorder needs from the document it runs in. */
export type RecorderDeps = {
  /** `getUserMedia` of the tab behind a tabCapture stream id (video only). */
  openTabStream(streamId: string): Promise<MediaStream>;
  /** A `MediaRecorder` for `stream` in WebM. */
  createRecorder(stream: MediaStream): RecorderLike;
  /** Writes the duration into the WebM header (Chrome's recorder leaves it out). */
  fixDuration(blob: Blob, durationMs: number): Promise<Blob>;
  /** Resolves once the panel that asked for `recordingId` is gone (its Web Lock released). */
  whenPanelGone(recordingId: string): Promise<void>;
  /** Sends a message to the panel. */
  post(message: RecordingMessage): void;
  now(): number;
  setTimer(run: () => void, ms: number): () => void;
};

type Running = {
  recordingId: string;
  stream: MediaStream;
  recorder: RecorderLike;
  chunks: Blob[];
  startedAt: number;
  end: RecordingEnd | 'discarded';
  clearLimit: () => void;
};

/**
 * The offscreen document's recorder (issue 32): one tab recording at a time. It starts on the
 * panel's `start`, stops on `stop`, at `maxMs` ('limit') or when the tab's video ends because the
 * tab closed ('tabClosed'; what was recorded so far is handed over), and discards the clip when
 * the panel that asked goes away. Every end releases the tab (Chrome's "being shared" mark goes).
 */
export function createTabRecorder(deps: RecorderDeps) {
  let running: Running | undefined;
  // The id whose stream is being opened: the panel repeats `start` until it hears back (the
  // document may still be loading), and a repeat must not count as a second recording.
  let opening: string | undefined;

  const finish = async (run: Running) => {
    for (const track of run.stream.getTracks()) track.stop();
    run.clearLimit();
    if (running === run) running = undefined;
    if (run.end === 'discarded') return;
    const durationMs = deps.now() - run.startedAt;
    const recorded = new Blob(run.chunks, { type: 'video/webm' });
    if (recorded.size === 0) {
      deps.post({ type: 'failed', recordingId: run.recordingId, message: NOTHING_RECORDED });
      return;
    }
    const fixed = await deps.fixDuration(recorded, durationMs).catch(() => recorded);
    const file = new File([fixed], stampedFileName('recording', 'webm', new Date(run.startedAt)), {
      type: 'video/webm',
    });
    deps.post({ type: 'finished', recordingId: run.recordingId, file, durationMs, end: run.end });
  };

  const end = (run: Running, why: Running['end']) => {
    if (running !== run || run.recorder.state === 'inactive') return;
    run.end = why;
    run.recorder.stop();
  };

  const start = async (message: Extract<RecordingMessage, { type: 'start' }>) => {
    const { recordingId } = message;
    if (opening === recordingId || running?.recordingId === recordingId) return;
    if (running || opening !== undefined) {
      deps.post({ type: 'failed', recordingId, message: ALREADY_RECORDING });
      return;
    }
    let stream: MediaStream;
    opening = recordingId;
    try {
      stream = await deps.openTabStream(message.streamId);
    } catch (caught) {
      const reason = caught instanceof Error ? caught.message : String(caught);
      deps.post({ type: 'failed', recordingId, message: `${CANNOT_OPEN} (${reason}).` });
      return;
    } finally {
      opening = undefined;
    }
    const recorder = deps.createRecorder(stream);
    const run: Running = {
      recordingId,
      stream,
      recorder,
      chunks: [],
      startedAt: deps.now(),
      end: 'stopped',
      clearLimit: () => undefined,
    };
    running = run;
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) run.chunks.push(event.data);
    };
    recorder.onstop = () => void finish(run);
    // The tab's video track ends when the tab closes (or crashes): keep what was recorded.
    for (const track of stream.getVideoTracks()) {
      track.addEventListener('ended', () => end(run, 'tabClosed'));
    }
    run.clearLimit = deps.setTimer(() => end(run, 'limit'), message.maxMs);
    void deps.whenPanelGone(recordingId).then(() => end(run, 'discarded'));
    // One-second slices: a clip cut short by a closing tab still holds all but the last second.
    recorder.start(1000);
    deps.post({ type: 'started', recordingId, startedAt: run.startedAt });
  };

  return {
    /** Handles one message from the channel (messages of other recordings are ignored). */
    handle(message: RecordingMessage): void {
      if (message.type === 'start') void start(message);
      else if (message.type === 'stop' && running?.recordingId === message.recordingId)
        end(running, 'stopped');
    },
  };
}

const NOTHING_RECORDED = 'Nothing was recorded (the recording ended before its first frame).';
const ALREADY_RECORDING =
  'Waymark is already recording a tab: stop that recording first, then record again.';
const CANNOT_OPEN =
  'Chrome could not open the tab for recording: click the Waymark icon in the toolbar on that tab, then record again';
