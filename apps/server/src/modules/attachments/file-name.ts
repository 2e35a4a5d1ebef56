const FILE_NAME_MAX = 255;

// Unicode's explicit direction marks, embeddings, overrides and isolates (LRM, RLM, ALM, LRE, RLE,
// PDF, LRO, RLO, LRI, RLI, FSI, PDI): invisible, yet they reorder what is shown, so
// `invoice<RLO>fdp.exe` displays as `invoiceexe.pdf` (issue 24).
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** `name` without bidirectional control characters, so it is shown in the order it is stored. */
export function removeBidiControls(name: string): string {
  return name.replace(BIDI_CONTROLS, '');
}

/**
 * The name stored and shown for an uploaded file: its last path segment, without control or
 * bidirectional control characters, trimmed, at most 255 characters; `file` when nothing is left.
 */
export function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = removeBidiControls(base.replace(/[\u0000-\u001f\u007f]/g, '')).trim();
  return (clean || 'file').slice(0, FILE_NAME_MAX);
}
