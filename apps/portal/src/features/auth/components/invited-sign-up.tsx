import { Group, Loader, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { signUp } from '../../../lib/auth/session';

/**
 * Where an invitation e-mail links (issue 12): goes straight on to the provider's sign-up with
 * the invited address filled in; "Already have an account?" there leads to sign-in.
 */
export function InvitedSignUp() {
  const [params] = useSearchParams();
  const email = params.get('email') ?? undefined;
  useEffect(() => {
    signUp({ email }).catch((error: unknown) => console.error('Sign-up could not start', error));
  }, [email]);
  return (
    <Group gap="sm" role="status">
      <Loader size="sm" aria-hidden />
      <Text>Taking you to sign-up…</Text>
    </Group>
  );
}
