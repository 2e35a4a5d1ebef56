import { ZErrorBody } from '@waymark/core';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ACCESS_MATRIX } from '../support/access-matrix';
import type { AuthTestContext } from '../support/auth-test-app';
import { backendPid, untilSomeoneWaitsForALock } from '../support/lock-waits';
import { toInject, useMatrixApp } from '../support/matrix-world';
import { createProjectIds } from '../support/projects-world';

// Decision 0129: every write of the access matrix, sent while its project's delete holds the
// project, then deleted under it. A write that named the project in a row of its own failed that
// row's foreign key (500); one that locked a row of the project before the project deadlocked
// with the delete's cascade (503 after PostgreSQL broke it). Both are now 404 "Project not
// found." (or the write's own success, when it finished first). A new route is covered by its
// matrix row.

const app = useMatrixApp('Org deleting projects');

const WRITES = ACCESS_MATRIX.filter(
  (row) => row.method !== 'GET' && ['projectMember', 'member', 'admin'].includes(row.who),
);

describe("a write racing its project's delete", () => {
  it('answers 404 or its success, never 5xx, for every write of the matrix', async () => {
    const { t, admin, ids } = app;
    const answers: string[] = [];
    let racedOnTheProject = 0;
    for (const [index, row] of WRITES.entries()) {
      // The row's project ids point at a project made for it; the others stay the world's.
      const doomed = await createProjectIds(t, admin, ids.orgId, `doomed-${index}`);
      let call: ReturnType<AuthTestContext['call']> | undefined;
      await t.db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from projects where id = ${doomed.projectId} for update`);
        call = t.call(admin, toInject(row, { ...ids, ...doomed }));
        const blockedBy = await backendPid(tx);
        if ((await untilSomeoneWaitsForALock(t.db, { blockedBy, orUntil: call })) === 'waiting')
          racedOnTheProject += 1;
        await tx.execute(sql`delete from projects where id = ${doomed.projectId}`);
      });
      const response = await call!;
      if (response.statusCode >= 400)
        expect(ZErrorBody.safeParse(response.json()).success).toBe(true);
      answers.push(`${row.method} ${row.path} ${response.statusCode}`);
    }
    expect(answers.filter((answer) => / 5\d\d$/.test(answer))).toEqual([]);
    // The battery reaches what it is for: the writes that lock the project (17 today).
    expect(racedOnTheProject).toBeGreaterThanOrEqual(15);
  });
});
