import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { FileReadStream } from './file-read-stream';
import type { FileStore, StoredFile } from './file-store';
import { syncBehind } from './sync-behind';

const PAGE_SIZE = 500;
// Attachments are the organizations' private files: no other account on the host reads them.
const FILE_MODE = 0o600;
const FOLDER_MODE = 0o700;
// Issue 34: an upload's chunks queue up to 1 MiB and reach the disk in one writev instead of
// one write each (the write stream's default is 16 KiB). Reads: file-read-stream.ts.
const CHUNK_BYTES = 1024 * 1024;

/**
 * A {@link FileStore} on local disk under `root`. A file is written to `<key>.part-<uuid>`,
 * fsynced, then renamed onto `<key>`: a reader sees the whole file or none. A crash leaves only the
 * `.part-` file, which no row names, so the orphan sweeper removes it. The disk starts writing
 * the file while it arrives (`syncBehind`), so the final fsync waits only for its tail. Files are written 0600 and
 * the folders it creates 0700 (issue 24: they were world-readable).
 */
export function createLocalFileStore(root: string): FileStore {
  const pathOf = (key: string) => path.join(root, ...key.split('/'));
  return {
    kind: 'local',
    async put(key, body) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true, mode: FOLDER_MODE });
      const part = `${target}.part-${randomUUID()}`;
      try {
        // `flush`: fsync before the stream closes — durable without opening the file again.
        const file = createWriteStream(part, {
          flags: 'wx',
          mode: FILE_MODE,
          highWaterMark: CHUNK_BYTES,
          flush: true,
        });
        await pipeline(body, syncBehind(file), file);
        await rename(part, target);
      } catch (error) {
        await rm(part, { force: true });
        throw error;
      }
    },
    async get(key, range) {
      // One open, no path stat first: a file deleted in between is either read whole or missing.
      const handle = await open(pathOf(key), 'r').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return undefined;
        throw error;
      });
      if (!handle) return undefined;
      // The open handle's own size (fstat): sizes the read buffers, never races a delete.
      const { size } = await handle.stat().catch(async (error: Error) => {
        await handle.close();
        throw error;
      });
      return new FileReadStream(handle, { ...range, size });
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async *list(prefix = '') {
      let page: StoredFile[] = [];
      for await (const file of walk(root)) {
        const key = path.relative(root, file.path).split(path.sep).join('/');
        if (!key.startsWith(prefix)) continue;
        page.push({ key, modifiedAt: file.modifiedAt });
        if (page.length === PAGE_SIZE) {
          yield page;
          page = [];
        }
      }
      if (page.length > 0) yield page;
    },
  };
}

async function* walk(folder: string): AsyncGenerator<{ path: string; modifiedAt: Date }> {
  let entries;
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch {
    return; // nothing stored yet
  }
  for (const entry of entries) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) {
      const info = await stat(full).catch(() => undefined);
      if (info) yield { path: full, modifiedAt: info.mtime };
    }
  }
}
