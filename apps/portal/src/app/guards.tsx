import { Alert, Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../config/paths';
import { useAdminAccess, useSignInRequired } from '../features/auth';

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
  if (access === 'failed') return <CheckFailed what="Your organizations could not be loaded." />;
  return <Checking label="Checking your access" />;
}

/** Props of {@link RequireSignIn}. */
export type RequireSignInProps = { children: ReactNode };

/**
 * The login guard of a page every signed-in user may use, administrator or not (issue 29: your
 * own API tokens): no signed-in account → login starts and comes back here.
 */
export function RequireSignIn({ children }: RequireSignInProps) {
  const location = useLocation();
  const state = useSignInRequired(location.pathname + location.search);
  if (state === 'signed-in') return children;
  if (state === 'failed') return <CheckFailed what="Your session could not be checked." />;
  return <Checking label="Checking your sign-in" />;
}

function CheckFailed({ what }: { what: string }) {
  return (
    <Center mih="100vh" p="md">
      <Alert color="red" role="alert" title="Something went wrong">
        {what} Please reload the page to try again.
      </Alert>
    </Center>
  );
}

function Checking({ label }: { label: string }) {
  return (
    <Center mih="100vh" role="status" aria-label={label}>
      <Loader />
    </Center>
  );
}
