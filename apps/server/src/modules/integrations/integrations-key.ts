import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The key integration secrets are sealed with: `INTEGRATIONS_KEY` when set; otherwise (development)
 * a key generated once into `<dataDir>/integrations.key` (mode 0600) and read back on later
 * starts. Linked in whole, so two copies starting together on one data folder keep one key.
 */
export async function resolveIntegrationsKey(
  configured: Buffer | undefined,
  dataDir: string,
  logger: { warn(message: string): void },
): Promise<Buffer> {
  if (configured) return configured;
  const file = path.join(dataDir, 'integrations.key');
  try {
    return Buffer.from((await readFile(file, 'utf8')).trim(), 'hex');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  // Written whole under a name of its own, then linked in: server processes starting together
  // (WEB_CONCURRENCY) never read a half-written key, and the first link wins for all of them.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(draft, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  try {
    await link(draft, file);
    logger.warn(`INTEGRATIONS_KEY is not set: generated ${file}; set the variable in production`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await unlink(draft);
  }
  return Buffer.from((await readFile(file, 'utf8')).trim(), 'hex');
}
