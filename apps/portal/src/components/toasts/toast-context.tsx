import { Notification, Portal, Stack } from '@mantine/core';
import { createContext, useCallback, useMemo, useState, type ReactNode } from 'react';

/** How long a toast stays before it closes itself. */
export const TOAST_AUTO_CLOSE_MS = 6000;

/** Tone of a toast: a success or a failure. */
export type ToastTone = 'success' | 'error';

/** What {@link useToast} gives a feature. */
export type ToastApi = {
  /** Shows a short message in the corner of the screen. */
  showToast: (text: string, tone?: ToastTone) => void;
};

type Toast = { id: number; text: string; tone: ToastTone };

/** The toast context; read it through `useToast`. */
export const ToastContext = createContext<ToastApi | null>(null);

/** Props of {@link ToastProvider}. */
export type ToastProviderProps = { children: ReactNode };

/** Holds and renders the portal's toasts (spec §8 create-organization and accept-access messages). */
export function ToastProvider({ children }: ToastProviderProps) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const close = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);
  const showToast = useCallback(
    (text: string, tone: ToastTone = 'success') => {
      const id = Date.now() + Math.random();
      setToasts((current) => [...current, { id, text, tone }]);
      window.setTimeout(() => close(id), TOAST_AUTO_CLOSE_MS);
    },
    [close],
  );
  const api = useMemo(() => ({ showToast }), [showToast]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <Portal>
        <Stack
          gap="xs"
          pos="fixed"
          top={16}
          right={16}
          w={360}
          maw="calc(100vw - 32px)"
          style={{ zIndex: 1000 }}
        >
          {toasts.map((toast) => (
            <Notification
              key={toast.id}
              color={toast.tone === 'error' ? 'red' : 'green'}
              role={toast.tone === 'error' ? 'alert' : 'status'}
              closeButtonProps={{ 'aria-label': 'Close message' }}
              onClose={() => close(toast.id)}
              withBorder
            >
              {toast.text}
            </Notification>
          ))}
        </Stack>
      </Portal>
    </ToastContext.Provider>
  );
}
