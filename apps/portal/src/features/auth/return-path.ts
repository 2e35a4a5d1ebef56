/**
 * The portal page a completed sign-in returns to, from the state it carried through the provider
 * (`signIn({ returnTo })`): only a path inside the portal (one leading slash, no scheme, no
 * backslash), so a crafted state can never send the browser to another site. Null otherwise:
 * the callback then goes to /app as spec §4 says.
 */
export function returnPathFrom(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('returnTo' in state)) return null;
  const { returnTo } = state;
  if (typeof returnTo !== 'string' || returnTo.length > 200) return null;
  return /^\/(?![/\\])[A-Za-z0-9\-._~/?=&%]*$/.test(returnTo) ? returnTo : null;
}
