import type { FileStore } from '../../files/file-store';
import { orgKeyPrefix } from './storage-key';

/**
 * Deletes every file an organization has in the store (issue 33: local folder or S3 keys), a page
 * at a time. Every key of an organization starts with its prefix (`newStorageKey`), so files whose
 * row was lost (an upload cut off by a crash) go too. Deleting a missing key is not an error, so a
 * run cut off half-way is simply run again. Answers how many files were deleted.
 */
export async function deleteOrgFiles(files: FileStore, orgId: number): Promise<number> {
  let deleted = 0;
  for await (const page of files.list(orgKeyPrefix(orgId)))
    for (const file of page) {
      await files.delete(file.key);
      deleted += 1;
    }
  return deleted;
}
