import { Alert, Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { paths } from '../config/paths';
import { useAdminAccess, useSignedIn } from '../features/auth';

/** Props of {@link RequireAdmin}. */
export type RequireAdminProps = { children: ReactNode };

/**
 * The login and admin guard of /app and all its children (spec §2, §6): no signed-in account →
 * login starts; organizations without admin rights → /non-admin (decideAdminRoute).
 */
export function RequireAdmin({ children }: RequireAdminProps) {
  const access = useAdminAccess();
  if (access === 'non-admin') return <Navigate to={paths.nonAdmin.getHref()} replace />;
  if (access === 'admin') return children;
  if (access === 'failed')
    return <GuardFailure>Your organizations could not be loaded.</GuardFailure>;
  return <GuardChecking />;
}

/** Props of {@link RequireSignIn}. */
export type RequireSignInProps = { children: ReactNode; returnTo: string };

/**
 * The login guard of pages any signed-in user may open (issue 27: /notifications): nobody
 * signed in → login starts and comes back to `returnTo`; no admin rights needed.
 */
export function RequireSignIn({ children, returnTo }: RequireSignInProps) {
  const state = useSignedIn(returnTo);
  if (state === 'signed-in') return children;
  if (state === 'failed') return <GuardFailure>Your session could not be read.</GuardFailure>;
  return <GuardChecking />;
}

function GuardFailure({ children }: { children: ReactNode }) {
  return (
    <Center mih="100vh" p="md">
      <Alert color="red" role="alert" title="Something went wrong">
        {children} Please reload the page to try again.
      </Alert>
    </Center>
  );
}

function GuardChecking() {
  return (
    <Center mih="100vh" role="status" aria-label="Checking your access">
      <Loader />
    </Center>
  );
}
