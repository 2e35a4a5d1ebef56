import { describe, expect, it } from 'vitest';
import { checkNodeVersion, decideChromium } from './runtime-checks.mjs';

describe('checkNodeVersion', () => {
  it('accepts Node 24 and later', () => {
    expect(checkNodeVersion('v24.21.0')).toEqual({ ok: true });
    expect(checkNodeVersion('v26.1.0')).toEqual({ ok: true });
  });

  it('refuses Node 20 and 22 with one line saying what to do', () => {
    for (const version of ['v20.20.2', 'v22.12.0']) {
      const result = checkNodeVersion(version);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.message).toContain(version);
        expect(result.message).not.toContain('\n');
      }
    }
  });
});

describe('decideChromium', () => {
  const base = { chromiumPath: '/usr/bin/chromium', isRoot: true, hasAptGet: true };

  it('runs the tests when Chromium is there', () => {
    expect(decideChromium({ ...base, hasChromium: true })).toEqual({ action: 'run' });
  });

  it("installs Debian's package when it can", () => {
    const decision = decideChromium({ ...base, hasChromium: false });
    expect(decision).toMatchObject({ action: 'install' });
    if (decision.action === 'install') expect(decision.command).toContain('chromium');
  });

  it('stops at once with one line when it cannot install', () => {
    for (const machine of [
      { ...base, hasChromium: false, isRoot: false },
      { ...base, hasChromium: false, hasAptGet: false },
    ]) {
      const decision = decideChromium(machine);
      expect(decision.action).toBe('stop');
      if (decision.action === 'stop') {
        expect(decision.message).toContain('apt-get install chromium');
        expect(decision.message).not.toContain('\n');
      }
    }
  });
});
