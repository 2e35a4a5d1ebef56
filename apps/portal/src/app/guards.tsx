import { Alert, Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { paths } from '../config/paths';
import { useAdminAccess } from '../features/auth';

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
    return (
      <Center mih="100vh" p="md">
        <Alert color="red" role="alert" title="Something went wrong">
          Your organizations could not be loaded. Please reload the page to try again.
        </Alert>
      </Center>
    );
  return (
    <Center mih="100vh" role="status" aria-label="Checking your access">
      <Loader />
    </Center>
  );
}
