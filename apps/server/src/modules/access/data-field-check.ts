import { AppError } from '@waymark/core';
import { eq } from 'drizzle-orm';
import { itemStatuses, itemTypes } from '../../db/schema';
import { readId, type IdSource } from '../../http/access-rules';
import { ORG_NOT_FOUND } from './access-messages';
import { assertAdminOfOwner } from './assert-admin-of-owner';
import type { OrgCheck } from './closed-org-check';

/** Which organization-owned data field a route's id names. */
export type DataFieldKind = 'status' | 'itemType';

const TABLES = { status: itemStatuses, itemType: itemTypes } as const;

/**
 * The pre-handler of the `dataFieldAdmin` rule: the caller must be an active admin of the
 * organization owning the status or item type at `idFrom`. Unknown ids and other organizations'
 * fields are 404, a non-admin member is 403 — the organization convention.
 */
export function dataFieldCheck(kind: DataFieldKind, idFrom: IdSource): OrgCheck {
  const table = TABLES[kind];
  return async (request) => {
    const id = readId(request, idFrom);
    if (id === null) throw new AppError('NOT_FOUND', ORG_NOT_FOUND);
    const owner = { table, orgId: table.orgId, where: eq(table.id, id) };
    return assertAdminOfOwner(request, owner, ORG_NOT_FOUND);
  };
}
