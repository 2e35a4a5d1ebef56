// Where sign-in returns to: kept in the OIDC request's `state` (oidc-client-ts stores it with the
// request and gives it back on the user), read back only as a path of the portal — never another
// site (an open redirect), never a protocol-relative `//host`.

/** The `state` a sign-in started from `path` carries. */
export function toReturnState(path: string): { returnTo: string } {
  return { returnTo: path };
}

/** The portal path a completed sign-in should return to, or null for the default (/app). */
export function returnPathOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('returnTo' in state)) return null;
  const { returnTo } = state;
  if (typeof returnTo !== 'string' || !returnTo.startsWith('/') || /^\/[/\\]/.test(returnTo))
    return null;
  return returnTo;
}
