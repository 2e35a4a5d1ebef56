import { describe, expect, it } from 'vitest';
import { filesFromClipboard } from './file-drop-zone';

describe('filesFromClipboard', () => {
  it('names a pasted screenshot after the time, and keeps real file names', () => {
    const image = new File(['x'], 'image.png', { type: 'image/png' });
    const report = new File(['y'], 'report.pdf', { type: 'application/pdf' });
    const data = { files: [image, report] } as unknown as DataTransfer;
    const files = filesFromClipboard(data, new Date('2026-11-23T10:41:07.000Z'));
    expect(files.map((file) => file.name)).toEqual([
      'pasted-2026-11-23T10-41-07-000Z.png',
      'report.pdf',
    ]);
    expect(files[0]!.type).toBe('image/png');
    expect(filesFromClipboard(null)).toEqual([]);
  });
});
