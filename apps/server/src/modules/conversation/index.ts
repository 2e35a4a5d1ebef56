// The conversation module's public file (issue 27): notes with @mentions, editing and deleting
// one's own note, and watching items, pages and projects. Notifications are the inbox module's.
import { routes } from '@waymark/core';
import { itemNotes, noteMentions, watches } from '../../db/schema';
import { registerRoute } from '../../http/register-route';
import { projectMember, requireCaller, requireProjectScope as scopeOf } from '../access/index';
import { defineModule, type AppModule } from '../module';
import { addItemNote } from './add-note';
import { deleteItemNote } from './delete-note';
import { editItemNote } from './edit-note';
import { getWatchState, setWatch, watchItem, watchPage } from './watch';

export { addItemNote } from './add-note';
export { forgetWatcher } from './forget-watcher';

const byItemBody = projectMember({ itemIdFrom: 'body.itemId' });
const byItemParams = projectMember({ itemIdFrom: 'params.itemId' });

/** The note and watch calls. */
const registerConversation: AppModule = (app, { db }) => {
  registerRoute(app, routes.addItemNote, {
    access: byItemBody,
    // insertNote reads the organization's closing in the note's INSERT (issue 34).
    closedCheckedInTransaction: true,
    errors: ['PLAN_LIMIT'],
    handler: async (request) =>
      addItemNote({ db }, scopeOf(request), {
        ...request.body,
        userId: requireCaller(request).userId,
      }),
  });
  registerRoute(app, routes.editItemNote, {
    access: byItemBody,
    handler: async (request) =>
      editItemNote({ db }, scopeOf(request), {
        ...request.body,
        userId: requireCaller(request).userId,
      }),
  });
  registerRoute(app, routes.deleteItemNote, {
    access: byItemBody,
    handler: async (request) =>
      deleteItemNote({ db }, { ...request.body, userId: requireCaller(request).userId }),
  });
  registerRoute(app, routes.getWatchState, {
    access: byItemParams,
    handler: async (request) =>
      getWatchState({ db }, { ...request.params, userId: requireCaller(request).userId }),
  });
  registerRoute(app, routes.watchItem, {
    access: byItemParams,
    handler: async (request) =>
      watchItem(
        { db },
        {
          userId: requireCaller(request).userId,
          projectId: scopeOf(request).projectId,
          itemId: request.params.itemId,
          ...request.body,
        },
      ),
  });
  registerRoute(app, routes.watchPage, {
    access: projectMember({ pathIdFrom: 'params.relativePathId' }),
    handler: async (request) =>
      watchPage(
        { db },
        {
          userId: requireCaller(request).userId,
          projectId: scopeOf(request).projectId,
          relativePathId: request.params.relativePathId,
          ...request.body,
        },
      ),
  });
  registerRoute(app, routes.watchProject, {
    access: projectMember({ projectIdFrom: 'params.projectId' }),
    handler: async (request) =>
      setWatch(
        { db },
        {
          userId: requireCaller(request).userId,
          projectId: request.params.projectId,
          kind: 'project',
          targetId: request.params.projectId,
          ...request.body,
        },
      ),
  });
  return Promise.resolve();
};

/** The conversation module's manifest: what it depends on, the tables it owns, its routes. */
export const conversationModule = defineModule({
  name: 'conversation',
  summary: 'Notes with @mentions, editing / deleting own notes, watching (issue 27).',
  dependsOn: ['access', 'entitlements', 'inbox', 'items'],
  ownsTables: [itemNotes, noteMentions, watches],
  register: registerConversation,
});
