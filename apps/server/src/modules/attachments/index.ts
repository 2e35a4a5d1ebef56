// The attachments module's public file (issue 14): files on items, stored in the app's FileStore.
import multipart from '@fastify/multipart';
import { routes } from '@waymark/core';
import { itemAttachments } from '../../db/schema';
import { registerRoute } from '../../http/register-route';
import { orgAdmin, projectMember, requireCaller, requireProjectScope } from '../access/index';
import { defineModule, type AppModule } from '../module';
import { deleteAttachment } from './delete-attachment';
import { openAttachment, sendAttachment } from './download-attachment';
import { getAttachmentStorage, getItemAttachments } from './get-attachments';
import { SWEEP_JOB, sweepOrphanFiles } from './sweep-orphans';
import { uploadAttachment } from './upload-attachment';
import { watchUploadBody } from './watch-upload-body';
import { liftRequestDeadline } from '../../http/request-deadline';

export { sweepOrphanFiles } from './sweep-orphans';
export { deleteOrgFiles } from './delete-org-files';
export { orgKeyPrefix } from './storage-key';
export { UPLOAD_STALLED, UPLOAD_TOO_SLOW } from './watch-upload-body';

/** One value of a request header Node may hand over as a list. */
const headerText = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value.join(', ') : value;

const byItem = projectMember({ itemIdFrom: 'params.itemId' });

/** Attachment calls, the multipart parser they need (only in this module's scope) and the sweeper. */
const registerAttachments: AppModule = async (app, deps) => {
  const { db, files, jobs } = deps;
  // Limits are passed per request (request.file); these only refuse absurd multipart bodies.
  await app.register(multipart, { limits: { fields: 0, files: 1, parts: 2, headerPairs: 50 } });
  jobs.define({ ...SWEEP_JOB, handler: async () => void (await sweepOrphanFiles(deps)) });

  registerRoute(app, routes.getItemAttachments, {
    access: byItem,
    handler: async (request) => getItemAttachments(deps, request.params),
  });
  registerRoute(app, routes.uploadAttachment, {
    access: byItem,
    errors: ['PLAN_LIMIT', 'PAYLOAD_TOO_LARGE', 'CONFLICT'],
    handler: async (request, reply) => {
      // The upload's body has its own limits (watchUploadBody), longer than other requests'.
      liftRequestDeadline(request);
      return uploadAttachment(deps, requireProjectScope(request), {
        itemId: request.params.itemId,
        userId: requireCaller(request).userId,
        readFilePart: (limits) => request.file({ limits }),
        body: watchUploadBody(reply, deps.config.attachments),
      });
    },
  });
  registerRoute(app, routes.downloadAttachment, {
    access: byItem,
    errors: ['NOT_FOUND', 'RANGE_NOT_SATISFIABLE'],
    handler: async (request, reply) =>
      sendAttachment(
        reply,
        await openAttachment(
          deps,
          request.params,
          { range: request.headers.range, ifRange: headerText(request.headers['if-range']) },
          (sizeBytes) => void reply.header('content-range', `bytes */${sizeBytes}`),
        ),
      ),
  });
  registerRoute(app, routes.deleteAttachment, {
    access: byItem,
    handler: async (request) =>
      deleteAttachment({ db, files }, { ...request.params, userId: requireCaller(request).userId }),
  });
  registerRoute(app, routes.getAttachmentStorage, {
    access: orgAdmin({ orgIdFrom: 'params.orgId' }),
    handler: async (request) => getAttachmentStorage(deps, request.params),
  });
};

/** The attachments module's manifest: what it depends on, the tables it owns, its routes. */
export const attachmentsModule = defineModule({
  name: 'attachments',
  summary: 'Files on items: upload, download, delete, storage use, orphan sweep (issue 14).',
  dependsOn: ['access', 'entitlements', 'items'],
  ownsTables: [itemAttachments],
  register: registerAttachments,
});
