import { z } from 'zod';
import { ZIdParam } from '../../entities/ids';
import { defineRoute } from '../define-route';

/** Live updates (issue 16): a server-sent event stream per project. */
export const liveRoutes = {
  /**
   * Server-sent events of one project the caller may use: `change` for every committed change
   * to its items, notes, relations, tags, links, attachments, paths, releases and data fields;
   * a heartbeat comment; resumes after `Last-Event-ID` (docs/live-updates.md).
   */
  liveEvents: defineRoute({
    method: 'GET',
    path: '/api/item/liveEvents/:projectId',
    summary: "A project's live changes as server-sent events (resumable with Last-Event-ID).",
    tag: 'item',
    params: z.object({ projectId: ZIdParam }),
    response: z.string(),
    responseKind: 'events',
  }),
};
