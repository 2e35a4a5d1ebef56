import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../../db/client';
import { idpModels } from '../../db/schema';

// Matches oidc-provider's clockTolerance: a row stays findable for these extra seconds.
const TOLERANCE_MS = 15_000;

/**
 * oidc-provider's storage, backed by the `idp_models` table: one row per model instance, keyed by
 * model name (`kind`) and id, with the lookups the provider needs (grant, user code, session uid).
 */
export function createPgAdapterFactory(db: Db): (name: string) => Adapter {
  return (kind) => new PgAdapter(db, kind);
}

class PgAdapter implements Adapter {
  constructor(
    private readonly db: Db,
    private readonly kind: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    const row = {
      kind: this.kind,
      id,
      payload: payload as Record<string, unknown>,
      grantId: payload.grantId ?? null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000 + TOLERANCE_MS) : null,
    };
    await this.db
      .insert(idpModels)
      .values(row)
      .onConflictDoUpdate({
        target: [idpModels.kind, idpModels.id],
        set: { ...row, consumedAt: null },
      });
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(idpModels.id, id));
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(idpModels.userCode, userCode));
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(idpModels.uid, uid));
  }

  async consume(id: string): Promise<void> {
    await this.db
      .update(idpModels)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(idpModels.kind, this.kind), eq(idpModels.id, id)));
  }

  async destroy(id: string): Promise<void> {
    await this.db.delete(idpModels).where(and(eq(idpModels.kind, this.kind), eq(idpModels.id, id)));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    // Every token of a grant goes, whatever its kind: that is what revoking a grant means.
    await this.db.delete(idpModels).where(eq(idpModels.grantId, grantId));
  }

  private async findWhere(condition: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
    const [row] = await this.db
      .select({ payload: idpModels.payload, consumedAt: idpModels.consumedAt })
      .from(idpModels)
      .where(
        and(
          eq(idpModels.kind, this.kind),
          condition,
          or(isNull(idpModels.expiresAt), gt(idpModels.expiresAt, sql`now()`)),
        ),
      )
      .limit(1);
    if (!row) return undefined;
    const payload = row.payload as AdapterPayload;
    return row.consumedAt
      ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) }
      : payload;
  }
}

/** Deletes provider rows that expired; oidc-provider never asks for them again. */
export async function purgeExpiredModels({ db }: { db: Db }): Promise<number> {
  const deleted = await db
    .delete(idpModels)
    .where(lt(idpModels.expiresAt, sql`now()`))
    .returning({ id: idpModels.id });
  return deleted.length;
}
