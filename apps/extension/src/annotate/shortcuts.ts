// The full-size editor's keyboard shortcuts: one table, read by the toolbar's hints and the key
// handler alike.
import { ANNOTATION_TOOLS } from './annotation-tools';

/** What a shortcut does in the editor. */
export type EditorAction =
  | { type: 'tool'; markerType: string }
  | { type: 'crop' }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'delete' }
  | { type: 'zoomIn' }
  | { type: 'zoomOut' }
  | { type: 'zoomFit' }
  | { type: 'zoomActual' }
  | { type: 'save' }
  | { type: 'leaveTool' };

/** The parts of a keyboard event a shortcut depends on. */
export type KeyPress = {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  /** True while the user types into a text marker or a field: no shortcut then. */
  isTyping: boolean;
};

/** The shortcuts as the help line lists them. */
export const SHORTCUT_HELP =
  'R rectangle · A arrow · F freehand · T text · X redact · C crop · Ctrl+Z undo · Ctrl+Shift+Z redo · Delete removes the selection · + / − zoom · 0 fit · 1 real size · Alt+drag pans · Ctrl+Enter saves · Esc leaves the tool';

/** The action of a key press, or null when the press is not a shortcut (or the user is typing). */
export function shortcutFor(press: KeyPress): EditorAction | null {
  if (press.isTyping) return null;
  const command = press.ctrlKey || press.metaKey;
  const key = press.key.toLowerCase();
  if (command) {
    if (key === 'z') return press.shiftKey ? { type: 'redo' } : { type: 'undo' };
    if (key === 'y') return { type: 'redo' };
    if (key === 'enter' || key === 's') return { type: 'save' };
    return null;
  }
  if (press.altKey) return null;
  // Never closes the editor: a stray Escape must not throw the user's annotations away.
  if (key === 'escape') return { type: 'leaveTool' };
  if (key === 'delete' || key === 'backspace') return { type: 'delete' };
  if (key === '+' || key === '=') return { type: 'zoomIn' };
  if (key === '-' || key === '_') return { type: 'zoomOut' };
  if (key === '0') return { type: 'zoomFit' };
  if (key === '1') return { type: 'zoomActual' };
  if (key === 'c') return { type: 'crop' };
  const tool = ANNOTATION_TOOLS.find((candidate) => candidate.key === key);
  return tool ? { type: 'tool', markerType: tool.markerType } : null;
}
