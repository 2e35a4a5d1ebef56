import { Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { returnPathOf } from '../../../lib/auth/return-to';
import { queryKeys } from '../../../lib/query-keys';
import { completeLogin } from '../complete-login';
import { useAuthActions } from '../use-auth-actions';

/**
 * The provider's redirect target: finishes sign-in, runs the Login flow and goes to /app (spec §4),
 * or back to the portal page that asked the user to sign in (issue 27: a mail's preferences link).
 */
export function AuthCallback() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { logIn } = useAuthActions();
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let isActive = true;
    completeLogin().then(
      ({ user, organizations }) => {
        if (!isActive) return;
        queryClient.setQueryData(queryKeys.sessionUser, user);
        queryClient.setQueryData(queryKeys.organizations, organizations);
        void navigate(returnPathOf(user.state) ?? paths.app.root.getHref(), { replace: true });
      },
      (error: unknown) => {
        console.error('Sign-in could not be completed', error);
        if (isActive) setFailure(error instanceof Error ? error.message : String(error));
      },
    );
    return () => {
      isActive = false;
    };
  }, [navigate, queryClient]);

  if (!failure)
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text>Signing you in…</Text>
      </Group>
    );
  return (
    <Stack gap="md" maw={560}>
      <Title order={1}>Sign-in could not be completed</Title>
      <Text role="alert">{failure}</Text>
      <Group gap="sm">
        <Button onClick={logIn}>Try again</Button>
        <Anchor component={Link} to={paths.home.productInfo.getHref()}>
          Back to home
        </Anchor>
      </Group>
    </Stack>
  );
}
