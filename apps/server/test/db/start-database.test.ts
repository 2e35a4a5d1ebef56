import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { findFreePort } from '../../src/db/free-port';
import { startDatabase } from '../../src/db/start-database';
import { StartupError } from '../../src/startup-error';

const quiet = { info: () => undefined, warn: () => undefined, debug: () => undefined };

describe('startDatabase', () => {
  it('explains an unreachable external database without showing its password', async () => {
    const port = await findFreePort();
    const config = loadConfig({
      DATABASE_URL: `postgres://app:hunter2@127.0.0.1:${port}/waymark`,
    });
    const failure = startDatabase(config, quiet);
    await expect(failure).rejects.toBeInstanceOf(StartupError);
    await expect(failure).rejects.toThrow(
      `Cannot reach the database at DATABASE_URL (127.0.0.1:${port}): `,
    );
    await expect(failure).rejects.not.toThrow(/hunter2/);
  });

  it('explains a data directory it cannot write', async () => {
    // A path below a regular file cannot be created, even by root.
    const config = loadConfig({ DATA_DIR: '/etc/hostname/waymark' });
    await expect(startDatabase(config, quiet)).rejects.toThrow(
      /^The data directory \/etc\/hostname\/waymark is not writable \(ENOTDIR\); set DATA_DIR/,
    );
  });
});
