import { z } from 'zod';
import { ZId } from './ids';

/** spec §3 Project. */
export const ZProject = z.object({
  projectId: ZId,
  projectName: z.string(),
  baseUrl: z.string(),
  orgId: ZId,
});
/** spec §3 Project. */
export type TProject = z.infer<typeof ZProject>;

/** spec §3 Associated site (a domain of a project). isNew/isUpdated are client-side only. */
export const ZAssociatedSite = z.object({
  siteManagementId: ZId,
  projectId: ZId,
  baseUrl: z.string(),
});
/** spec §3 Associated site. */
export type TAssociatedSite = z.infer<typeof ZAssociatedSite>;

/** spec §3 Relative path of a project. */
export const ZRelativePath = z.object({
  relativePathId: ZId,
  relativePath: z.string(),
  projectId: ZId,
  /**
   * Issue 31: the other addresses that show this path's items — its old addresses after a
   * rename and pages whose canonical link names it — sorted; an admin may remove each.
   */
  aliases: z.array(z.string()),
});
/** spec §3 Relative path. */
export type TRelativePath = z.infer<typeof ZRelativePath>;
