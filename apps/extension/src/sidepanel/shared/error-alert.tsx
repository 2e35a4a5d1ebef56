import { Alert, Anchor, Text } from '@mantine/core';
import { isAppError } from '@waymark/core';
import { readServerUrl } from '../../settings/index';
import { useChromeApi, useServerUrl } from '../../ui/index';

/** The portal page where an admin changes the plan (spec §2 /app/account). */
export const PORTAL_ACCOUNT_PATH = '/client/app/account';

/**
 * A failed call in words the user can act on: the server's own message, and for plan limits
 * (spec §9) where to change the plan.
 */
export function ErrorAlert({ error, title }: { error: Error; title: string }) {
  const api = useChromeApi();
  const serverUrl = useServerUrl();
  const isPlanLimit = isAppError(error) && error.code === 'PLAN_LIMIT';
  // The alert mounts with the error: a click may come before the address is read for it.
  const openAccount = async () => {
    const portal = serverUrl ?? (await readServerUrl(api));
    await api.tabs.create({ url: `${portal}${PORTAL_ACCOUNT_PATH}`, active: true });
  };
  return (
    <Alert color={isPlanLimit ? 'orange' : 'red'} variant="light" role="alert" title={title}>
      <Text size="sm">{error.message}</Text>
      {isPlanLimit && (
        <Text size="sm" mt={4}>
          Your plan limits this. An administrator can change the plan on the{' '}
          <Anchor component="button" type="button" size="sm" onClick={() => void openAccount()}>
            account page
          </Anchor>
          .
        </Text>
      )}
    </Alert>
  );
}
