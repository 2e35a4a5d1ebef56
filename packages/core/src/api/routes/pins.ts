import { z } from 'zod';
import { ZIdParam } from '../../entities/ids';
import { ZItemPin, ZPinItemRequest } from '../../entities/pin';
import { defineRoute } from '../define-route';
import { ZItemIdParams } from './item';

/** Location pins (spec §1 beta, issue 15): one per item, shared on every domain of the project. */
export const pinRoutes = {
  /**
   * The pins of a page's items: every pinned item recorded on that relative path of its project
   * (the path is the same on every associated domain, so pins are shared like items).
   */
  getPagePins: defineRoute({
    method: 'GET',
    path: '/api/item/getPagePins/:relativePathId',
    summary: "The location pins of a page's items.",
    tag: 'item',
    params: z.object({ relativePathId: ZIdParam }),
    response: z.array(ZItemPin),
  }),
  /**
   * Pins an item to an element of its page, or re-pins it (replacing its selectors). Needs a plan
   * with location pins (spec §9); recorded in the item's history.
   */
  pinItem: defineRoute({
    method: 'POST',
    path: '/api/item/pinItem',
    summary: 'Pins an item to an element of its page (or re-pins it).',
    tag: 'item',
    body: ZPinItemRequest,
    response: ZItemPin,
  }),
  /** Removes an item's pin; recorded in the item's history. Allowed on every plan. */
  unpinItem: defineRoute({
    method: 'POST',
    path: '/api/item/unpinItem/:itemId',
    summary: "Removes an item's location pin.",
    tag: 'item',
    params: ZItemIdParams,
    response: z.string(),
    responseKind: 'text',
  }),
};
