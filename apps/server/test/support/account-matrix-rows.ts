import type { MatrixRow } from './access-matrix';

/**
 * Issue 33: deleting one's own account. Any signed-in person may ask, for themselves only; the
 * probe's confirmation is never the caller's e-mail address (the matrix runs with an external
 * issuer), so every probe is refused 400 and nothing changes — the test of a real deletion is
 * test/account/delete-account.test.ts.
 */
export const ACCOUNT_ROWS: MatrixRow[] = [
  {
    method: 'POST',
    path: '/api/account/deleteAccount',
    who: 'authenticated',
    request: () => ({ body: { confirmation: 'not-the-callers-address@example.test' } }),
    outsider: 400,
  },
];
