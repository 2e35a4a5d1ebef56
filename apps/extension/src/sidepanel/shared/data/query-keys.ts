import type { PageKey } from '../../../messaging/index';

/**
 * Every query key of the side panel, in one table (issue 16): components read and invalidate
 * through these, never through literals, so a key cannot drift between a query and the code
 * that refreshes it. A function with no argument is the prefix of its family.
 */
export const queryKeys = {
  session: () => ['session'] as const,
  /** Every page lookup; `page(key)` one of them. */
  pages: () => ['page-items'] as const,
  page: ({ pageUrl, orgId, projectId }: PageKey) =>
    ['page-items', pageUrl, orgId, projectId] as const,
  /** Every item in full; `item(id)` one of them. */
  items: () => ['item'] as const,
  item: (itemId: number) => ['item', itemId] as const,
  /** An item's tracker issue (issue 30): under the item's key, so reloading the item reloads it. */
  itemTracker: (itemId: number) => ['item', itemId, 'tracker'] as const,
  /**
   * Older pages of an item's notes or history (decision 0138): under the item's key, so reloading
   * the item reloads them.
   */
  itemThread: (itemId: number, thread: 'notes' | 'history') => ['item', itemId, thread] as const,
  siteAccess: (pattern?: string | null) =>
    pattern === undefined ? (['site-access'] as const) : (['site-access', pattern] as const),
  ping: (serverUrl: string | null) => ['ping', serverUrl] as const,
  /** Every organization's project list; `projects(orgId)` one of them. */
  projects: (orgId?: number) =>
    orgId === undefined ? (['projects'] as const) : (['projects', orgId] as const),
  invitations: () => ['invitations'] as const,
  orgs: () => ['orgs'] as const,
  orgId: () => ['orgId'] as const,
  /** Every project-wide search; `projectSearch(body)` one of them. */
  projectSearches: () => ['project-search'] as const,
  projectSearch: (body: unknown) => ['project-search', body] as const,
  itemTypes: (orgId: number) => ['item-types', orgId] as const,
  statuses: (orgId: number) => ['statuses', orgId] as const,
  releases: (projectId: number) => ['releases', projectId] as const,
  assignees: (projectId: number) => ['assignees', projectId] as const,
  relatedSearch: (itemId: number, text: string) => ['related-search', itemId, text] as const,
  /** Every page's pins (issue 15); `pagePins(pathId)` one of them. */
  allPagePins: () => ['page-pins'] as const,
  pagePins: (relativePathId: number | null) => ['page-pins', relativePathId] as const,
  /** The live stream of the shown page's project, as the worker reports it (issue 16). */
  liveState: () => ['live-state'] as const,
  /** Whether the user shows pin markers (storage.local, issue 15). */
  markersVisible: () => ['markers-visible'] as const,
  /** An item's attachments and one attachment's bytes (issue 14). */
  attachments: (itemId: number) => ['attachments', itemId] as const,
  attachmentFile: (attachmentId: number) => ['attachment-file', attachmentId] as const,
  /** What a new Bug records of the tab's page and browser (issue 14). */
  pageEnvironment: (tabId: number | undefined) => ['page-environment', tabId] as const,
  /** The signed-in user's id (issue 27: which notes are theirs). */
  whoami: () => ['whoami'] as const,
  /** The user's notifications (issue 27). */
  inbox: () => ['inbox'] as const,
  /** The user's notification preferences (issue 27). */
  notificationPreferences: () => ['notification-preferences'] as const,
  /** Whether the console and network log is on for a page's site (issue 32). */
  pageLog: (pageUrl: string | null) => ['page-log', pageUrl] as const,
};
