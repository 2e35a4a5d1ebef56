import { describe, expect, it } from 'vitest';
import { cleanFileName, removeBidiControls } from './file-name';

const BIDI_CONTROLS = [
  '\u061c',
  '\u200e',
  '\u200f',
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
];

describe('attachment file names (issue 24)', () => {
  it('drops a right-to-left override, so invoice<RLO>fdp.exe cannot pass for a PDF', () => {
    expect(cleanFileName('invoice\u202efdp.exe')).toBe('invoicefdp.exe');
  });

  it('drops every bidirectional control character, wherever it stands', () => {
    for (const control of BIDI_CONTROLS)
      expect(cleanFileName(`${control}a${control}b.txt${control}`)).toBe('ab.txt');
    expect(removeBidiControls(BIDI_CONTROLS.join(''))).toBe('');
  });

  it('keeps right-to-left letters, which are names, not controls', () => {
    expect(cleanFileName('חשבונית.pdf')).toBe('חשבונית.pdf');
    expect(cleanFileName('فاتورة.pdf')).toBe('فاتورة.pdf');
  });

  it('still keeps only the last path segment, without control characters', () => {
    expect(cleanFileName('C:\\temp\\a\u0000b.png')).toBe('ab.png');
    expect(cleanFileName('\u202e')).toBe('file');
  });
});
