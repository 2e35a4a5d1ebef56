import { useEffect, useRef } from 'react';
import { isInOverlay, isTypingTarget } from './shortcut-keys';

/** What each key (`KeyboardEvent.key`, e.g. `'/'`, `'j'`, `'Escape'`) does. */
export type ShortcutBindings = Partial<Record<string, () => void>>;

/**
 * Binds single-key shortcuts on the whole panel while the calling component is mounted. Keys with
 * Ctrl, Alt or Meta, keys typed into a field or editor, and keys inside a dialog or menu
 * are left alone, so shortcuts never steal what the user types or what an overlay handles.
 */
export function useShortcuts(bindings: ShortcutBindings, isEnabled = true): void {
  const current = useRef(bindings);
  useEffect(() => {
    current.current = bindings;
  });
  useEffect(() => {
    if (!isEnabled) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey) return;
      if (event.isComposing || isTypingTarget(event.target) || isInOverlay(event.target)) return;
      const action = current.current[event.key];
      if (!action) return;
      event.preventDefault();
      action();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isEnabled]);
}
