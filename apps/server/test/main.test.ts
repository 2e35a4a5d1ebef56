import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

describe('main', () => {
  it('stops on a bad configuration value with one line naming it and exit code 1', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', MAIN], {
      env: { ...process.env, PORT: 'eighty' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    // Libraries may warn on import (oidc-provider on Node 20); the verdict is the last line.
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines.at(-1)).toBe('Invalid configuration: PORT must be an integer between 1 and 65535');
    expect(result.stderr).not.toMatch(/^\s+at /m);
  });
});
