import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeSection } from './report';

describe('writeSection', () => {
  it('writes a body with replacement patterns in it as it is', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'bench-report-')), 'benchmarks.md');
    writeFileSync(file, '# B\n\n<!-- bench:x:start -->\nold\n<!-- bench:x:end -->\n\nafter\n');
    const body = "| `… string_agg(t.tag, $2 ORDER BY t.position), $` | `$'` | `$&` | `$1` |";
    writeSection(file, 'x', body);
    expect(readFileSync(file, 'utf8')).toBe(
      `# B\n\n<!-- bench:x:start -->\n${body}\n<!-- bench:x:end -->\n\nafter\n`,
    );
  });
});
