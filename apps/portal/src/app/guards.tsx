import type { ReactNode } from 'react';

/** Props of {@link RequireAdmin}. */
export type RequireAdminProps = { children: ReactNode };

/**
 * The login and admin guard of /app and all its children (spec §2, §6).
 *
 * SEAM — currently lets everyone through. The identity issue replaces the body: no signed-in
 * account → start login; organisations but none with orgAccessLevelId 1, or none at all →
 * navigate to /non-admin. Every admin route already renders inside this component.
 */
export function RequireAdmin({ children }: RequireAdminProps) {
  return children;
}
