import { describe, expect, it } from 'vitest';
import { attachmentEntryName } from './organization-archive';

describe('attachmentEntryName (issue 33)', () => {
  it('keeps a plain name behind the attachment id', () => {
    expect(attachmentEntryName({ id: 12, fileName: 'Checkout screen.png' })).toBe(
      'attachments/12-Checkout screen.png',
    );
  });

  it('never lets a stored name leave the attachments folder or hide its extension', () => {
    expect(attachmentEntryName({ id: 3, fileName: '../../etc/passwd' })).toBe(
      'attachments/3-__.._etc_passwd',
    );
    expect(attachmentEntryName({ id: 4, fileName: 'C:\\x\\report.pdf' })).toBe(
      'attachments/4-C_x_report.pdf',
    );
    expect(attachmentEntryName({ id: 5, fileName: 'invoice\u202Egnp.exe' })).toBe(
      'attachments/5-invoice_gnp.exe',
    );
    expect(attachmentEntryName({ id: 6, fileName: '' })).toBe('attachments/6-file');
  });

  it('keeps names of different attachments apart even when the files share a name', () => {
    expect(attachmentEntryName({ id: 7, fileName: 'a.png' })).not.toBe(
      attachmentEntryName({ id: 8, fileName: 'a.png' }),
    );
  });
});
