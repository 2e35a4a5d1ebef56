import { describe, expect, it } from 'vitest';
import { dataExportFixture } from './data-export-fixtures';
import { exportStatusText, formatSize, isDownloadable } from './export-status';

describe('export status (issue 33)', () => {
  it('reads sizes in KB below a megabyte and MB above', () => {
    expect(formatSize(10)).toBe('1 KB');
    expect(formatSize(2048)).toBe('2 KB');
    expect(formatSize(5 * 1024 * 1024 + 300_000)).toBe('5.3 MB');
  });

  it('says what can be done in each state', () => {
    expect(exportStatusText(dataExportFixture({ status: 'failed' }))).toBe(
      'The last export could not be prepared. Try again.',
    );
    expect(exportStatusText(dataExportFixture({ isExpired: true }))).toBe(
      'Your last export has expired and was deleted. Prepare a new one to download your data.',
    );
    expect(exportStatusText(dataExportFixture())).toMatch(
      /^Ready \(2 KB\)\. You can download it until Nov 29, 2026, /,
    );
  });

  it('offers the download only for a ready archive that has not expired', () => {
    expect(isDownloadable(dataExportFixture())).toBe(true);
    expect(isDownloadable(dataExportFixture({ isExpired: true }))).toBe(false);
    expect(isDownloadable(dataExportFixture({ status: 'preparing' }))).toBe(false);
    expect(isDownloadable(null)).toBe(false);
  });
});
