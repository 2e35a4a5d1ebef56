import { formatQuotaExceeded } from '@waymark/core';
import { describe, expect, it, vi } from 'vitest';
import { RECORD_NEEDS_CLICK, type RecordingMessage } from '../../../../messaging/index';
import { createRecordingSession, type RecordingState } from './recording-session';

function setUp() {
  const posted: RecordingMessage[] = [];
  let deliver: (event: { data: unknown }) => void = () => undefined;
  const timers: { run: () => void; ms: number; cleared: boolean }[] = [];
  const locks = new Map<string, boolean>();
  const states: RecordingState[] = [];
  const deps = {
    checkRoom: vi.fn(() => Promise.resolve<string | null>(null)),
    prepare: vi.fn(() => Promise.resolve({ streamId: 'stream-1', showsClicks: true })),
    end: vi.fn(() => Promise.resolve()),
    openChannel: () => ({
      postMessage: (message: RecordingMessage) => posted.push(message),
      addEventListener: (_type: 'message', listener: (event: { data: unknown }) => void) => {
        deliver = listener;
      },
      close: vi.fn(),
    }),
    holdLock: (name: string) => {
      locks.set(name, true);
      return Promise.resolve(() => locks.set(name, false));
    },
    newId: () => 'r1',
    setTimer: (run: () => void, ms: number) => {
      const timer = { run, ms, cleared: false };
      timers.push(timer);
      return () => (timer.cleared = true);
    },
    onChange: (state: RecordingState) => states.push(state),
  };
  const session = createRecordingSession(deps);
  const fromRecorder = (message: RecordingMessage) => deliver({ data: message });
  return { session, deps, posted, timers, locks, states, fromRecorder };
}

describe('recording session (panel)', () => {
  it('holds the panel lock, starts the recorder, then hands over the clip and lets go', async () => {
    const t = setUp();
    await t.session.start(1, true);
    expect(t.deps.prepare).toHaveBeenCalledWith({ tabId: 1, showClicks: true });
    expect(t.locks.get('waymark-recording-panel-r1')).toBe(true);
    expect(t.posted).toEqual([
      { type: 'start', recordingId: 'r1', streamId: 'stream-1', maxMs: 120_000 },
    ]);
    t.fromRecorder({ type: 'started', recordingId: 'r1', startedAt: 5 });
    expect(t.session.state).toEqual({ status: 'recording', startedAt: 5, showsClicks: true });
    expect(t.timers.every((timer) => timer.cleared)).toBe(true);
    t.session.stop();
    expect(t.session.state.status).toBe('finishing');
    expect(t.posted.at(-1)).toEqual({ type: 'stop', recordingId: 'r1' });
    const file = new File(['x'], 'recording.webm', { type: 'video/webm' });
    t.fromRecorder({
      type: 'finished',
      recordingId: 'r1',
      file,
      durationMs: 5_000,
      end: 'stopped',
    });
    expect(t.session.state).toMatchObject({
      status: 'recorded',
      clip: { file, durationMs: 5_000 },
    });
    expect(t.locks.get('waymark-recording-panel-r1')).toBe(false);
    expect(t.deps.end).toHaveBeenCalledWith({ tabId: 1 });
  });

  it("shows the worker's refusal and never starts the recorder", async () => {
    const t = setUp();
    t.deps.prepare.mockRejectedValueOnce(new Error(RECORD_NEEDS_CLICK));
    await t.session.start(1, false);
    expect(t.session.state).toEqual({ status: 'failed', message: RECORD_NEEDS_CLICK });
    expect(t.posted).toEqual([]);
    expect(t.locks.get('waymark-recording-panel-r1')).toBe(false);
  });

  it('over the storage quota (when known) says so before anything is recorded', async () => {
    const t = setUp();
    const quota = formatQuotaExceeded(10 * 1024 ** 3);
    t.deps.checkRoom.mockResolvedValueOnce(quota);
    await t.session.start(1, false);
    expect(t.session.state).toEqual({ status: 'failed', message: quota });
    expect(t.deps.prepare).not.toHaveBeenCalled();
    expect(t.posted).toEqual([]);
  });

  it('repeats start while the recorder loads, and gives up with a clear message', async () => {
    const t = setUp();
    await t.session.start(1, false);
    t.timers.find((timer) => timer.ms === 400)?.run();
    expect(t.posted.filter((message) => message.type === 'start')).toHaveLength(2);
    t.timers.find((timer) => timer.ms === 8_000)?.run();
    expect(t.session.state).toMatchObject({ status: 'failed' });
    expect((t.session.state as { message: string }).message).toMatch(/did not start/);
    expect(t.locks.get('waymark-recording-panel-r1')).toBe(false);
  });

  it('ignores messages of other recordings and releases everything when the panel goes', async () => {
    const t = setUp();
    await t.session.start(1, false);
    t.fromRecorder({ type: 'started', recordingId: 'other', startedAt: 5 });
    expect(t.session.state.status).toBe('preparing');
    t.fromRecorder({ type: 'started', recordingId: 'r1', startedAt: 5 });
    t.session.dispose();
    expect(t.locks.get('waymark-recording-panel-r1')).toBe(false);
    expect(t.deps.end).toHaveBeenCalledWith({ tabId: 1 });
  });
});
