// The side panel ↔ full-size editor window conversation (issue 32). A BroadcastChannel: both are
// pages of the extension's own origin, so no web page can join it, and a File crosses it as is.

/** The channel's name. */
export const ANNOTATION_CHANNEL = 'waymark-annotation';

/** One message between the panel (which captured) and the editor window (which annotates). */
export type AnnotationMessage =
  /** Editor → panel: loaded, send the screenshot of `captureId`. */
  | { type: 'editorReady'; captureId: string }
  /** Panel → editor: the screenshot (a PNG data URL) and when it was taken. */
  | { type: 'screenshot'; captureId: string; imageUrl: string }
  /** Editor → panel: the annotated PNG. */
  | { type: 'saved'; captureId: string; file: File }
  /** Panel → editor: the file is with the item; the editor may close. */
  | { type: 'received'; captureId: string }
  /** Editor → panel: closed without saving. */
  | { type: 'cancelled'; captureId: string };

const TYPES = new Set(['editorReady', 'screenshot', 'saved', 'received', 'cancelled']);

/** Whether `value` is an {@link AnnotationMessage} (the channel carries nothing else). */
export function isAnnotationMessage(value: unknown): value is AnnotationMessage {
  if (typeof value !== 'object' || value === null) return false;
  const { type, captureId } = value as { type?: unknown; captureId?: unknown };
  return typeof type === 'string' && TYPES.has(type) && typeof captureId === 'string';
}
