import { Alert, Button, Stack, Text } from '@mantine/core';
import { useSignInOut } from './use-session';

/** What a signed-out user sees: why to sign in, and the button that does it. */
export function SignInCard() {
  const { signIn } = useSignInOut();
  return (
    <Stack gap="xs" component="section" aria-label="Sign in">
      <Text size="sm">
        Sign in to see and record your team&apos;s items for the pages you visit.
      </Text>
      <Button onClick={() => signIn.mutate()} loading={signIn.isPending}>
        Sign in
      </Button>
      {signIn.isError && (
        <Alert color="red" variant="light" role="alert" title="Sign-in did not finish">
          {signIn.error.message} Try again, or check the server URL in Options.
        </Alert>
      )}
    </Stack>
  );
}
