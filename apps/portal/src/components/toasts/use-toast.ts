import { useContext } from 'react';
import { ToastContext, type ToastApi } from './toast-context';

/** The portal's toasts: `showToast(text, tone)` from anywhere inside `<ToastProvider>`. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
