import path from 'node:path';
import { ConfigError, loadConfigFromProcess } from '../config';
import { StartupError } from '../startup-error';
import { BackupError } from './backup-error';
import { createBackup } from './create-backup';
import { restoreBackup } from './restore-backup';

// `npm run backup [-- <folder>]` and `npm run restore <backup folder>` (docs/deploy.md "Backups").
// The server's own configuration (DATA_DIR, DATABASE_URL, S3_*) says what is backed up or restored
// into. Messages name hosts and folders, never a password.

const USAGE = `Usage:
  npm run backup [-- <folder>]      back up into <folder>/waymark-backup-<time>/ (default ./backups)
  npm run restore <backup folder>   restore into the empty DATA_DIR / DATABASE_URL configured`;

const log = {
  info: (message: string) => process.stdout.write(`${message}\n`),
  warn: (message: string) => process.stderr.write(`warning: ${message}\n`),
  debug: () => {},
};

async function run(argv: string[]): Promise<void> {
  const [command, target, ...rest] = argv;
  if (rest.length > 0 || (command !== 'backup' && command !== 'restore')) {
    throw new BackupError(USAGE);
  }
  const config = loadConfigFromProcess();
  if (command === 'backup') {
    await createBackup({ config, outDir: target ?? path.resolve('backups'), log });
    return;
  }
  if (!target) throw new BackupError(USAGE);
  await restoreBackup({ config, backupDir: path.resolve(target), log });
}

run(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    if (
      error instanceof BackupError ||
      error instanceof ConfigError ||
      error instanceof StartupError
    ) {
      process.stderr.write(`${error.message}\n`);
    } else {
      process.stderr.write(`Failed: ${(error as Error).stack ?? String(error)}\n`);
    }
    process.exit(1);
  },
);
