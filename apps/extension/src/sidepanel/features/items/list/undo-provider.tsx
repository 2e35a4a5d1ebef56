import { Button, CloseButton, Group, Paper, Progress, Text } from '@mantine/core';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { ErrorAlert } from '../../../shared/error-alert';

/** How long a change or delete can be undone (issue 16). */
export const UNDO_WINDOW_MS = 5_000;

/** What happens when the user undoes, and what runs when the window closes without undo. */
export type UndoOffer = { onUndo: () => void; onExpire?: () => void };

type Notice =
  | { kind: 'undo'; id: number; message: string }
  | { kind: 'error'; id: number; title: string; error: Error };

/** The panel's notices: undo after a change, and the server's refusal after a rollback. */
export type UndoNotices = {
  /** Shows `message` with Undo for {@link UNDO_WINDOW_MS}; a new offer closes the previous one. */
  offerUndo: (message: string, offer: UndoOffer) => void;
  /** Shows why a change was rolled back, in the server's words. */
  showError: (title: string, error: Error) => void;
  /** Items deleted in the list whose delete can still be undone: the list leaves them out. */
  hiddenItemIds: ReadonlySet<number>;
  hideItem: (itemId: number) => void;
  showItem: (itemId: number) => void;
};

const UndoContext = createContext<UndoNotices | null>(null);

/** The notices of {@link UndoProvider}. */
export function useUndoNotices(): UndoNotices {
  const notices = useContext(UndoContext);
  if (!notices) throw new Error('useUndoNotices needs an UndoProvider');
  return notices;
}

/**
 * Holds the one undo offer or error of the panel at a time, shown at the bottom of the panel. An
 * offer that is not undone runs its `onExpire` (e.g. the delete it postponed) when its window
 * closes, when a new offer replaces it, or when the panel is closed.
 */
export function UndoProvider({
  children,
  windowMs = UNDO_WINDOW_MS,
}: {
  children: ReactNode;
  /** How long Undo stays (tests shorten it). */
  windowMs?: number;
}) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const [hiddenItemIds, setHiddenItemIds] = useState<ReadonlySet<number>>(new Set());
  const pending = useRef<{ id: number; timer: ReturnType<typeof setTimeout>; offer: UndoOffer }>(
    null,
  );
  const nextId = useRef(1);

  const settle = useCallback((how: 'undo' | 'expire') => {
    const offer = pending.current;
    if (!offer) return;
    pending.current = null;
    clearTimeout(offer.timer);
    setNotice((shown) => (shown?.id === offer.id ? null : shown));
    if (how === 'undo') offer.offer.onUndo();
    else offer.offer.onExpire?.();
  }, []);

  const offerUndo = useCallback(
    (message: string, offer: UndoOffer) => {
      settle('expire');
      const id = nextId.current++;
      const timer = setTimeout(() => settle('expire'), windowMs);
      pending.current = { id, timer, offer };
      setNotice({ kind: 'undo', id, message });
    },
    [settle, windowMs],
  );

  const showError = useCallback((title: string, error: Error) => {
    setNotice({ kind: 'error', id: nextId.current++, title, error });
  }, []);

  const hideItem = useCallback((itemId: number) => {
    setHiddenItemIds((ids) => new Set(ids).add(itemId));
  }, []);
  const showItem = useCallback((itemId: number) => {
    setHiddenItemIds((ids) => {
      const next = new Set(ids);
      next.delete(itemId);
      return next;
    });
  }, []);

  // Closing the panel commits what the user did not undo (the worker finishes the call).
  useEffect(() => {
    const commit = () => settle('expire');
    window.addEventListener('pagehide', commit);
    return () => window.removeEventListener('pagehide', commit);
  }, [settle]);

  const value = useMemo(
    () => ({ offerUndo, showError, hiddenItemIds, hideItem, showItem }),
    [offerUndo, showError, hiddenItemIds, hideItem, showItem],
  );
  return (
    <UndoContext.Provider value={value}>
      {children}
      <NoticeBar
        notice={notice}
        windowMs={windowMs}
        onUndo={() => settle('undo')}
        onDismiss={() => (notice?.kind === 'undo' ? settle('expire') : setNotice(null))}
      />
    </UndoContext.Provider>
  );
}

function NoticeBar({
  notice,
  windowMs,
  onUndo,
  onDismiss,
}: {
  notice: Notice | null;
  windowMs: number;
  onUndo: () => void;
  onDismiss: () => void;
}) {
  return (
    <div
      style={{ position: 'fixed', left: 8, right: 8, bottom: 8, zIndex: 200 }}
      data-testid="notice-bar"
    >
      <div role="status">
        {notice?.kind === 'undo' && (
          <Paper shadow="md" withBorder p={6} pl="sm">
            <Group gap="xs" wrap="nowrap" justify="space-between">
              <Text size="sm" truncate title={notice.message}>
                {notice.message}
              </Text>
              <Group gap={4} wrap="nowrap">
                <Button size="compact-sm" variant="light" onClick={onUndo}>
                  Undo
                </Button>
                <CloseButton size="sm" aria-label="Dismiss" onClick={onDismiss} />
              </Group>
            </Group>
            <UndoCountdown key={notice.id} windowMs={windowMs} />
          </Paper>
        )}
      </div>
      {notice?.kind === 'error' && (
        <Paper shadow="md" pos="relative">
          <ErrorAlert error={notice.error} title={notice.title} />
          <CloseButton
            size="sm"
            aria-label="Dismiss"
            onClick={onDismiss}
            pos="absolute"
            top={6}
            right={6}
          />
        </Paper>
      )}
    </div>
  );
}

/** A bar that empties over the undo window, so the user sees how long Undo stays. */
function UndoCountdown({ windowMs }: { windowMs: number }) {
  const [isRunning, setIsRunning] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setIsRunning(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <Progress
      value={isRunning ? 0 : 100}
      size={2}
      mt={4}
      aria-hidden
      transitionDuration={isRunning ? windowMs : 0}
    />
  );
}
