import { describe, expect, it, vi } from 'vitest';
import type { RecordingMessage } from '../messaging/index';
import { createTabRecorder, type RecorderLike } from './tab-recorder';

/** A MediaRecorder stand-in: each `tick` delivers one slice; `stop` delivers the last one. */
class FakeRecorder {
  state: RecordingState = 'inactive';
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  start = vi.fn(() => {
    this.state = 'recording';
  });
  stop = vi.fn(() => {
    this.state = 'inactive';
    this.tick();
    this.onstop?.();
  });
  tick() {
    this.ondataavailable?.({ data: new Blob([new Uint8Array(10)]) });
  }
}

/** A tab's media stream with one video track that can end (the tab closed). */
function fakeStream() {
  const ended = new Set<() => void>();
  const track = {
    stop: vi.fn(),
    addEventListener: (_type: string, listener: () => void) => ended.add(listener),
  };
  const stream = { getTracks: () => [track], getVideoTracks: () => [track] };
  return {
    stream: stream as unknown as MediaStream,
    track,
    end: () => ended.forEach((run) => run()),
  };
}

function setUp() {
  const media = fakeStream();
  const recorder = new FakeRecorder();
  const posted: RecordingMessage[] = [];
  let clock = 1_000;
  const timers: { run: () => void; ms: number }[] = [];
  let panelGone: () => void = () => undefined;
  const deps = {
    openTabStream: vi.fn(() => Promise.resolve(media.stream)),
    createRecorder: () => recorder as unknown as RecorderLike,
    fixDuration: vi.fn((blob: Blob) => Promise.resolve(blob)),
    whenPanelGone: () => new Promise<void>((resolve) => (panelGone = resolve)),
    post: (message: RecordingMessage) => posted.push(message),
    now: () => clock,
    setTimer: (run: () => void, ms: number) => {
      timers.push({ run, ms });
      return () => undefined;
    },
  };
  const tabRecorder = createTabRecorder(deps);
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  const start = async (recordingId = 'r1') => {
    tabRecorder.handle({ type: 'start', recordingId, streamId: 'stream-1', maxMs: 120_000 });
    await flush();
  };
  return {
    media,
    recorder,
    posted,
    deps,
    tabRecorder,
    timers,
    flush,
    start,
    advance: (ms: number) => (clock += ms),
    closePanel: () => panelGone(),
  };
}

describe('tab recorder (offscreen)', () => {
  it('records until Stop and hands over a WebM with its duration written in', async () => {
    const t = setUp();
    await t.start();
    expect(t.deps.openTabStream).toHaveBeenCalledWith('stream-1');
    expect(t.posted).toEqual([{ type: 'started', recordingId: 'r1', startedAt: 1_000 }]);
    expect(t.recorder.start).toHaveBeenCalledWith(1000);
    t.recorder.tick();
    t.advance(5_000);
    t.tabRecorder.handle({ type: 'stop', recordingId: 'r1' });
    await t.flush();
    const finished = t.posted.at(-1);
    expect(finished).toMatchObject({
      type: 'finished',
      recordingId: 'r1',
      durationMs: 5_000,
      end: 'stopped',
    });
    const file = (finished as { file: File }).file;
    expect(file.type).toBe('video/webm');
    expect(file.name).toMatch(/^recording-\d{4}-\d\d-\d\d-\d\d-\d\d-\d\d\.webm$/);
    expect(file.size).toBe(20);
    expect(t.deps.fixDuration).toHaveBeenCalledWith(expect.any(Blob), 5_000);
    // The tab is released: Chrome's "being shared" mark goes.
    expect(t.media.track.stop).toHaveBeenCalled();
  });

  it('stops by itself at the limit', async () => {
    const t = setUp();
    await t.start();
    expect(t.timers[0]?.ms).toBe(120_000);
    t.advance(120_000);
    t.timers[0]?.run();
    await t.flush();
    expect(t.posted.at(-1)).toMatchObject({ type: 'finished', end: 'limit', durationMs: 120_000 });
  });

  it('keeps what was recorded when the tab closes mid-recording', async () => {
    const t = setUp();
    await t.start();
    t.recorder.tick();
    t.advance(3_000);
    t.media.end();
    await t.flush();
    expect(t.posted.at(-1)).toMatchObject({
      type: 'finished',
      end: 'tabClosed',
      durationMs: 3_000,
    });
  });

  it('discards the clip when the panel that asked goes away, and releases the tab', async () => {
    const t = setUp();
    await t.start();
    t.recorder.tick();
    t.closePanel();
    await t.flush();
    expect(t.posted.map((message) => message.type)).toEqual(['started']);
    expect(t.media.track.stop).toHaveBeenCalled();
    expect(t.recorder.state).toBe('inactive');
  });

  it('says why when the tab cannot be opened, and records one tab at a time', async () => {
    const t = setUp();
    t.deps.openTabStream.mockRejectedValueOnce(new Error('Error starting tab capture'));
    await t.start('r0');
    expect(t.posted.at(-1)).toMatchObject({ type: 'failed', recordingId: 'r0' });
    expect((t.posted.at(-1) as { message: string }).message).toMatch(/Error starting tab capture/);
    await t.start('r1');
    await t.start('r1'); // the panel repeats start until it hears back: not a second recording
    await t.start('r2');
    expect(t.posted.filter((message) => message.type === 'started')).toHaveLength(1);
    expect(t.posted.at(-1)).toMatchObject({ type: 'failed', recordingId: 'r2' });
  });

  it('reports an empty recording instead of attaching nothing', async () => {
    const t = setUp();
    t.recorder.tick = () => undefined;
    await t.start();
    t.tabRecorder.handle({ type: 'stop', recordingId: 'r1' });
    await t.flush();
    expect(t.posted.at(-1)).toMatchObject({ type: 'failed', recordingId: 'r1' });
  });
});
