import { describe, expect, it } from 'vitest';
import { exportFileName } from './export-menu';

describe('the export file name', () => {
  it('is the project name in letters, digits and dashes', () => {
    expect(exportFileName('Acme Shop', 'csv')).toBe('Acme-Shop-items.csv');
    expect(exportFileName('../../etc/passwd', 'md')).toBe('etc-passwd-items.md');
    expect(exportFileName('Café Crème', 'json')).toBe('Cafe-Creme-items.json');
    expect(exportFileName('***', 'csv')).toBe('project-items.csv');
  });
});
