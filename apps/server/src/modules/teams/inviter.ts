import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

/** How an invitation names the admin who sent it: full name, else e-mail address. */
export async function describeInviter(tx: DbOrTx, userId: number | null): Promise<string> {
  if (userId === null) return 'An administrator';
  const [row] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return 'An administrator';
  const name = `${row.firstName} ${row.lastName}`.trim();
  return name === '' ? row.email : name;
}
