import type { LightMyRequestResponse } from 'fastify';
import type { AuthTestContext } from './auth-test-app';
import { multipartFile } from './multipart';
import type { As } from './projects-world';

/** Uploads `bytes` as the file of `itemId`, claiming `contentType` and `fileName`. */
export function uploadFile(
  t: AuthTestContext,
  as: As,
  itemId: number,
  bytes: Buffer,
  options: { fileName?: string; contentType?: string } = {},
): Promise<LightMyRequestResponse> {
  return t.call(as, {
    method: 'POST',
    url: `/api/item/uploadAttachment/${itemId}`,
    ...multipartFile(bytes, options),
  });
}

/** Downloads an attachment of `itemId`, with extra request `headers` (e.g. `Range`). */
export function downloadFile(
  t: AuthTestContext,
  as: As,
  itemId: number,
  attachmentId: number,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.call(as, {
    method: 'GET',
    url: `/api/item/downloadAttachment/${itemId}/${attachmentId}`,
    headers,
  });
}
