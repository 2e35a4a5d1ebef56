import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { routes } from '@waymark/core';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { getErrorMessage } from '../../../lib/error-message';
import { PREFERENCES_KEY } from '../preferences-key';
import { PreferencesFields } from './preferences-fields';

/**
 * Issue 27: any signed-in user's notification preferences — the same rows, through the same
 * routes, as the side panel's Preferences; every notification mail links here. Members without
 * admin rights use it too: it is outside the admin area.
 */
export function NotificationPreferencesScreen() {
  const saved = useQuery({
    queryKey: PREFERENCES_KEY,
    queryFn: () => apiClient.call(routes.getNotificationPreferences),
  });
  return (
    <Stack gap="lg" maw={640}>
      <Title order={1}>Notification preferences</Title>
      <Text>
        Choose what Waymark tells you about — for every project, or for one project differently —
        and whether it comes by e-mail at once, in your daily digest, or only in the inbox of the
        side panel.
      </Text>
      {saved.isPending && <Loader aria-label="Loading your preferences" />}
      {saved.isError && (
        <Alert color="red" role="alert" title="Your preferences could not be loaded">
          {getErrorMessage(saved.error)}
        </Alert>
      )}
      {saved.data && <PreferencesFields saved={saved.data} />}
    </Stack>
  );
}
