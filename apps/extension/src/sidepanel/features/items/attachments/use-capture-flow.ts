import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useChromeApi } from '../../../../ui/index';
import { useActiveTab } from '../../../shared/use-active-tab';

/** What one capture gave: the PNG, and a line to show beside it (a capped page); null: cancelled. */
export type Shot = { imageUrl: string; notice?: string | null } | null;

/**
 * One capture entry's flow (screenshot, region, whole page): `take` asks the worker for the
 * page's tab's shot, `open` shows it in the full-size editor. `allow` asks Chrome for the
 * optional `debugger` permission (the click is the user gesture its prompt needs), then captures
 * again at once.
 */
export function useCaptureFlow(
  take: (tabId: number) => Promise<Shot>,
  open: (imageUrl: string) => Promise<void>,
) {
  const api = useChromeApi();
  const active = useActiveTab();
  const tabId = active.status === 'ready' ? active.tab?.tabId : undefined;
  const [notice, setNotice] = useState<string | null>(null);
  const capture = useMutation({
    mutationFn: async (id: number) => {
      setNotice(null);
      const shot = await take(id);
      if (!shot) return;
      setNotice(shot.notice ?? null);
      await open(shot.imageUrl);
    },
  });
  const allow = useMutation({
    mutationFn: async (id: number) => {
      if (!(await api.permissions.requestApi(['debugger']).catch(() => false))) return;
      capture.mutate(id);
    },
  });
  return { tabId, capture, allow, notice };
}

/** The state {@link useCaptureFlow} gives its entry. */
export type CaptureFlow = ReturnType<typeof useCaptureFlow>;
