import { formatQuotaExceeded } from '@waymark/core';
import { useEffect, useRef, useState } from 'react';
import type { CallApi } from '../../../../api/index';
import { RECORDING_CHANNEL, sendRequest } from '../../../../messaging/index';
import type { ChromeApi } from '../../../../platform/index';
import {
  createRecordingSession,
  type RecordingSession,
  type RecordingState,
} from './recording-session';

/** Holds the Web Lock `name` until the returned function is called. */
function holdLock(name: string): Promise<() => void> {
  return new Promise((resolve) => {
    void navigator.locks.request(
      name,
      () =>
        new Promise<void>((release) => {
          resolve(release);
        }),
    );
  });
}

/**
 * The quota message when organization `orgId` has no storage left; null when it has, or when the
 * figure cannot be read (members do not see it: the upload checks the quota at Attach anyway).
 */
export async function quotaRefusal(callApi: CallApi, orgId: number | undefined) {
  if (orgId === undefined) return null;
  const storage = await callApi('getAttachmentStorage', { params: { orgId } }).catch(() => null);
  return storage && storage.usedBytes >= storage.quotaBytes
    ? formatQuotaExceeded(storage.quotaBytes)
    : null;
}

/**
 * The panel's tab recording (issue 32): its state, and start/stop/reset. The session lives as long
 * as the component: unmounting (the item closed, the panel closed) ends a running recording, which
 * the recorder then discards.
 */
export function useTabRecording(api: ChromeApi, callApi: CallApi, quotaOrgId?: number) {
  const [state, setState] = useState<RecordingState>({ status: 'idle' });
  const session = useRef<RecordingSession | null>(null);
  useEffect(() => {
    const send = (message: unknown) => api.runtime.sendMessage(message);
    const created = createRecordingSession({
      checkRoom: () => quotaRefusal(callApi, quotaOrgId),
      prepare: (input) => sendRequest(send, 'prepareRecording', input),
      end: (input) => sendRequest(send, 'endRecording', input),
      openChannel: () => new BroadcastChannel(RECORDING_CHANNEL),
      holdLock,
      newId: () => crypto.randomUUID(),
      setTimer: (run, ms) => {
        const timer = setTimeout(run, ms);
        return () => clearTimeout(timer);
      },
      onChange: setState,
    });
    session.current = created;
    return () => {
      created.dispose();
      session.current = null;
    };
  }, [api, callApi, quotaOrgId]);
  return {
    state,
    start: (tabId: number, showClicks: boolean) => void session.current?.start(tabId, showClicks),
    stop: () => session.current?.stop(),
    reset: () => session.current?.reset(),
  };
}
