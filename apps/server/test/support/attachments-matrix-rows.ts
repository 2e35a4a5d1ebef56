import type { MatrixRow } from './access-matrix';
import { multipartFile, TINY_PNG } from './multipart';

// Issue 14: who may call the attachment routes (see access-matrix.ts for the rules).

/** Attachments on items, and the organization's storage figure. */
export const ATTACHMENT_ROWS: MatrixRow[] = [
  {
    method: 'GET',
    path: '/api/item/getItemAttachments/:itemId',
    who: 'projectMember',
    request: (ids) => ({ params: { itemId: ids.itemId } }),
  },
  {
    method: 'POST',
    path: '/api/item/uploadAttachment/:itemId',
    who: 'projectMember',
    request: (ids) => {
      const { payload, headers } = multipartFile(TINY_PNG, { fileName: 'probe.png' });
      return { params: { itemId: ids.itemId }, body: payload, headers };
    },
  },
  {
    method: 'GET',
    path: '/api/item/downloadAttachment/:itemId/:attachmentId',
    who: 'projectMember',
    request: (ids) => ({ params: { itemId: ids.itemId, attachmentId: ids.attachmentId } }),
  },
  {
    method: 'POST',
    path: '/api/item/deleteAttachment/:itemId/:attachmentId',
    who: 'projectMember',
    request: (ids) => ({ params: { itemId: ids.itemId, attachmentId: ids.spareAttachmentId } }),
  },
  {
    method: 'GET',
    path: '/api/account/getAttachmentStorage/:orgId',
    who: 'admin',
    request: (ids) => ({ params: { orgId: ids.orgId } }),
  },
];
