// Text has no magic number for `file-type`: the name says which text it claims to be, and the
// bytes must then read as UTF-8 text (issue 25: a `.log` was stored as application/octet-stream).
const TEXT_TYPES: Readonly<Record<string, string>> = {
  txt: 'text/plain',
  log: 'text/plain',
  csv: 'text/csv',
  md: 'text/markdown',
  json: 'application/json',
};

// Control characters other than tab, line feed, form feed, carriage return and escape (the
// colours of terminal logs) mean the bytes are not text.
// eslint-disable-next-line no-control-regex
const BINARY_CONTROLS = /[\u0000-\u0008\u000b\u000e-\u001a\u001c-\u001f\u007f]/;

/**
 * The text type of a file named `fileName` whose first bytes are `sample`, or undefined when the
 * name has no known text extension or the bytes are not UTF-8 text. A sample cut inside a
 * character still counts as text.
 */
export function detectTextType(fileName: string, sample: Buffer): string | undefined {
  const extension = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase();
  const type = extension === undefined ? undefined : TEXT_TYPES[extension];
  if (type === undefined) return undefined;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true });
    return BINARY_CONTROLS.test(text) ? undefined : type;
  } catch {
    return undefined;
  }
}
