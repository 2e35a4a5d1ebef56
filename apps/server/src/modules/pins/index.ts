// The pins module's public file (issue 15): location pins of items, shared on every domain of the
// project because they hang off the item, which hangs off the relative path.
import { routes } from '@waymark/core';
import { itemPins } from '../../db/schema';
import { registerRoute } from '../../http/register-route';
import { projectMember, requireCaller, requireProjectScope } from '../access/index';
import { defineModule, type AppModule } from '../module';
import { getPagePins } from './get-page-pins';
import { pinItem } from './pin-item';
import { unpinItem } from './unpin-item';

/** The pin calls: a page's pins, pin or re-pin an item, unpin it. */
const registerPins: AppModule = (app, { db }) => {
  registerRoute(app, routes.getPagePins, {
    access: projectMember({ pathIdFrom: 'params.relativePathId' }),
    handler: async (request) => getPagePins({ db }, request.params),
  });
  registerRoute(app, routes.pinItem, {
    access: projectMember({ itemIdFrom: 'body.itemId' }),
    errors: ['PLAN_LIMIT'],
    handler: async (request) =>
      pinItem({ db }, requireProjectScope(request), {
        ...request.body,
        userId: requireCaller(request).userId,
      }),
  });
  registerRoute(app, routes.unpinItem, {
    access: projectMember({ itemIdFrom: 'params.itemId' }),
    handler: async (request) =>
      unpinItem({ db }, { ...request.params, userId: requireCaller(request).userId }),
  });
  return Promise.resolve();
};

/** The pins module's manifest: what it depends on, the tables it owns, its routes. */
export const pinsModule = defineModule({
  name: 'pins',
  summary: "Location pins of items: a page's pins, pin / re-pin, unpin (issue 15).",
  dependsOn: ['access', 'entitlements', 'items'],
  ownsTables: [itemPins],
  register: registerPins,
});
