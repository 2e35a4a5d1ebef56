import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { ACTION_LABELS } from '@waymark/core';
import { useSignInOut } from './use-session';

/** What a signed-out user sees: why to sign in, and Log In / Sign Up (the portal's words). */
export function SignInCard() {
  const { signIn } = useSignInOut();
  const isSigningUp = signIn.isPending && signIn.variables?.isSignUp === true;
  return (
    <Stack gap="xs" component="section" aria-label={ACTION_LABELS.logIn}>
      <Text size="sm">
        Log in to see and record your team&apos;s items for the pages you visit. New to Waymark?
        Sign up, with the e-mail address your invitation was sent to if you have one.
      </Text>
      <Group gap="xs" grow>
        <Button onClick={() => signIn.mutate({})} loading={signIn.isPending && !isSigningUp}>
          {ACTION_LABELS.logIn}
        </Button>
        <Button
          variant="default"
          onClick={() => signIn.mutate({ isSignUp: true })}
          loading={isSigningUp}
        >
          {ACTION_LABELS.signUp}
        </Button>
      </Group>
      {signIn.isError && (
        <Alert color="red" variant="light" role="alert" title="Sign-in did not finish">
          {signIn.error.message} Try again, or check the server URL in Options.
        </Alert>
      )}
    </Stack>
  );
}
