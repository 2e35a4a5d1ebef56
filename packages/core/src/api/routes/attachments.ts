import { z } from 'zod';
import { ATTACHMENT_FIELD, ZAttachment, ZAttachmentStorage } from '../../entities/attachment';
import { ZIdParam } from '../../entities/ids';
import { defineRoute } from '../define-route';
import { ZItemIdParams } from './item';

const ZAttachmentParams = z.object({ itemId: ZIdParam, attachmentId: ZIdParam });

/** Attachments on items (issue 14). Uploads are multipart/form-data with one `file` field. */
export const attachmentRoutes = {
  /** An item's attachments, oldest first. */
  getItemAttachments: defineRoute({
    method: 'GET',
    path: '/api/item/getItemAttachments/:itemId',
    summary: "An item's attachments, oldest first.",
    tag: 'item',
    params: ZItemIdParams,
    response: z.array(ZAttachment),
  }),
  /**
   * Attaches one file (multipart field `file`, streamed) to an item. Needs a plan with
   * attachments; 413 past the per-file limit, 409 past the organization's storage quota.
   */
  uploadAttachment: defineRoute({
    method: 'POST',
    path: '/api/item/uploadAttachment/:itemId',
    summary: 'Attaches a file (multipart/form-data, field "file") to an item.',
    tag: 'item',
    params: ZItemIdParams,
    fileField: ATTACHMENT_FIELD,
    response: ZAttachment,
  }),
  /** The file's bytes: inline for raster images, as a download otherwise. */
  downloadAttachment: defineRoute({
    method: 'GET',
    path: '/api/item/downloadAttachment/:itemId/:attachmentId',
    summary: "Downloads an attachment's file.",
    tag: 'item',
    params: ZAttachmentParams,
    response: z.instanceof(Blob),
    responseKind: 'file',
  }),
  /** Removes an attachment and its file; recorded in the item's history. */
  deleteAttachment: defineRoute({
    method: 'POST',
    path: '/api/item/deleteAttachment/:itemId/:attachmentId',
    summary: 'Deletes an attachment.',
    tag: 'item',
    params: ZAttachmentParams,
    response: z.string(),
    responseKind: 'text',
  }),
  /** How much attachment storage the organization uses, of its quota (Account screen). */
  getAttachmentStorage: defineRoute({
    method: 'GET',
    path: '/api/account/getAttachmentStorage/:orgId',
    summary: "The organization's attachment storage: used bytes, quota, per-file limit.",
    tag: 'account',
    params: z.object({ orgId: ZIdParam }),
    response: ZAttachmentStorage,
  }),
};
