import {
  isRecordingMessage,
  MAX_RECORDING_MS,
  panelLockName,
  type RecordingEnd,
  type RecordingMessage,
} from '../../../../messaging/index';

/** What a finished recording gives the panel. */
export type RecordedClip = { file: File; durationMs: number; end: RecordingEnd };

/** Where a recording is; the panel shows one of these at a time. */
export type RecordingState =
  | { status: 'idle' }
  | { status: 'preparing' }
  | { status: 'recording'; startedAt: number; showsClicks: boolean }
  | { status: 'finishing' }
  | { status: 'recorded'; clip: RecordedClip }
  | { status: 'failed'; message: string };

/** What a session needs from the panel's page (tests pass fakes). */
export type RecordingSessionDeps = {
  /**
   * Why there is no room for a recording, when that is known before recording (the storage
   * quota, known to admins); null otherwise — the upload checks it again at Attach.
   */
  checkRoom(): Promise<string | null>;
  /** The worker's `prepareRecording`. */
  prepare(input: { tabId: number; showClicks: boolean }): Promise<{
    streamId: string;
    showsClicks: boolean;
  }>;
  /** The worker's `endRecording` (removes the click overlay). */
  end(input: { tabId: number }): Promise<void>;
  /** A channel to the offscreen recorder (the real one: `new BroadcastChannel(RECORDING_CHANNEL)`). */
  openChannel(): {
    postMessage(message: RecordingMessage): void;
    addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
    close(): void;
  };
  /** Holds the Web Lock `name` until the returned function is called. */
  holdLock(name: string): Promise<() => void>;
  newId(): string;
  setTimer(run: () => void, ms: number): () => void;
  onChange(state: RecordingState): void;
};

/** How often `start` is repeated until the recorder answers (its document may still load). */
const START_RETRY_MS = 400;
/** How long the recorder gets to answer before the panel gives up. */
const START_TIMEOUT_MS = 8_000;

const NO_ANSWER =
  'The recorder did not start (Chrome may have closed it): record again, or reload the panel.';

/**
 * One tab recording seen from the panel (issue 32): holds the panel's Web Lock for the whole
 * recording (the recorder discards the clip if the lock goes, i.e. the panel closed), asks the
 * worker for the tab's stream, then talks to the offscreen recorder over the recording channel.
 */
export function createRecordingSession(deps: RecordingSessionDeps) {
  let state: RecordingState = { status: 'idle' };
  let current:
    { recordingId: string; tabId: number; release: () => void; stopTimers: () => void } | undefined;
  const set = (next: RecordingState) => {
    state = next;
    deps.onChange(next);
  };
  const channel = deps.openChannel();
  const post = (message: RecordingMessage) => channel.postMessage(message);

  const close = (next: RecordingState) => {
    if (!current) return;
    const { tabId, release, stopTimers } = current;
    current = undefined;
    stopTimers();
    release();
    void deps.end({ tabId }).catch(() => undefined);
    set(next);
  };

  channel.addEventListener('message', (event) => {
    const message = event.data;
    if (!isRecordingMessage(message) || message.recordingId !== current?.recordingId) return;
    if (message.type === 'started' && state.status === 'preparing') {
      current.stopTimers();
      set({ status: 'recording', startedAt: message.startedAt, showsClicks });
    } else if (message.type === 'finished') {
      close({ status: 'recorded', clip: message });
    } else if (message.type === 'failed') {
      close({ status: 'failed', message: message.message });
    }
  });
  let showsClicks = false;

  return {
    /** The state now. */
    get state(): RecordingState {
      return state;
    },
    /** Starts recording tab `tabId`; a recording already running is left alone. */
    async start(tabId: number, showClicks: boolean): Promise<void> {
      if (current || state.status === 'preparing') return;
      set({ status: 'preparing' });
      const refusal = await deps.checkRoom();
      if (refusal !== null) {
        set({ status: 'failed', message: refusal });
        return;
      }
      const recordingId = deps.newId();
      const release = await deps.holdLock(panelLockName(recordingId));
      let prepared: { streamId: string; showsClicks: boolean };
      try {
        prepared = await deps.prepare({ tabId, showClicks });
      } catch (caught) {
        release();
        set({
          status: 'failed',
          message: caught instanceof Error ? caught.message : String(caught),
        });
        return;
      }
      showsClicks = prepared.showsClicks;
      const begin = () =>
        post({ type: 'start', recordingId, streamId: prepared.streamId, maxMs: MAX_RECORDING_MS });
      let stopRetry = deps.setTimer(function retry() {
        begin();
        stopRetry = deps.setTimer(retry, START_RETRY_MS);
      }, START_RETRY_MS);
      const stopTimeout = deps.setTimer(
        () => close({ status: 'failed', message: NO_ANSWER }),
        START_TIMEOUT_MS,
      );
      current = {
        recordingId,
        tabId,
        release,
        stopTimers: () => {
          stopRetry();
          stopTimeout();
        },
      };
      begin();
    },
    /** Stops the running recording; the clip arrives as the `recorded` state. */
    stop(): void {
      if (!current || state.status !== 'recording') return;
      set({ status: 'finishing' });
      post({ type: 'stop', recordingId: current.recordingId });
    },
    /** Back to idle after a clip was attached or thrown away, or a failure was read. */
    reset(): void {
      if (!current) set({ status: 'idle' });
    },
    /** The panel goes away: ends the recording (the recorder discards it when the lock goes). */
    dispose(): void {
      close({ status: 'idle' });
      channel.close();
    },
  };
}

/** A {@link createRecordingSession} session. */
export type RecordingSession = ReturnType<typeof createRecordingSession>;
