import { z } from 'zod';
import { ZId } from './ids';

/** spec §3 Status. */
export const ZStatus = z.object({ itemStatusId: ZId, itemStatusDescription: z.string() });
/** spec §3 Status. */
export type TStatus = z.infer<typeof ZStatus>;

/** spec §3 Item type. */
export const ZItemType = z.object({ itemTypeId: ZId, itemTypeDescription: z.string() });
/** spec §3 Item type. */
export type TItemType = z.infer<typeof ZItemType>;

/** spec §3 Release: belongs to a project. */
export const ZRelease = z.object({ releaseId: ZId, releaseTitle: z.string(), projectId: ZId });
/** spec §3 Release. */
export type TRelease = z.infer<typeof ZRelease>;
