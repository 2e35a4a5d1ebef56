import { describe, expect, it } from 'vitest';
import { formatBytes, formatFileTooLarge, formatQuotaExceeded } from './attachment';

describe('attachment sizes', () => {
  it('formats bytes in binary units, one decimal below ten', () => {
    expect(formatBytes(812)).toBe('812 B');
    expect(formatBytes(4300)).toBe('4.2 KB');
    expect(formatBytes(25 * 1024 * 1024)).toBe('25 MB');
    expect(formatBytes(1.5 * 1024 ** 3)).toBe('1.5 GB');
  });

  it('words the limits with the configured sizes', () => {
    expect(formatFileTooLarge(25 * 1024 * 1024)).toBe(
      'The file is larger than the 25 MB limit for attachments.',
    );
    expect(formatQuotaExceeded(10 * 1024 ** 3)).toContain('used its 10 GB of attachment storage');
  });
});
