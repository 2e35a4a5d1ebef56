import { Button, Checkbox, NativeSelect, Stack, Text } from '@mantine/core';
import {
  ALL_PROJECTS_SCOPE,
  choiceOptionsFor,
  choicesOf,
  DIGEST_HOUR_OPTIONS,
  preferenceScopeOptions,
  scopeProjectId,
  NOTIFICATION_EVENT_LABELS,
  NOTIFICATION_EVENTS,
  toSavedPreferences,
  withChoices,
  type ProjectNotificationChoice,
  type TNotificationPreferencesView,
} from '@waymark/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert } from '../../shared/error-alert';
import { queryKeys } from '../../shared/data/query-keys';
import { useCallApi } from '../../shared/use-call-api';

/**
 * The user's notification preferences (issue 27): for every project, or one project overriding
 * them, per event e-mail within minutes, in the daily digest, inbox only, or not at all; the
 * digest's hour and time zone; the unread count on the toolbar icon; the switch every
 * unsubscribe link turns off. The same rows as the portal's Notifications page.
 */
export function PreferencesForm({ onDone }: { onDone: () => void }) {
  const callApi = useCallApi();
  const saved = useQuery({
    queryKey: queryKeys.notificationPreferences(),
    queryFn: () => callApi('getNotificationPreferences', {}),
  });
  if (saved.isError) return <ErrorAlert error={saved.error} title="Cannot load your preferences" />;
  if (!saved.data) return <Text size="sm">Loading your preferences…</Text>;
  return <Form saved={saved.data} onDone={onDone} />;
}

function Form({ saved, onDone }: { saved: TNotificationPreferencesView; onDone: () => void }) {
  const callApi = useCallApi();
  const queryClient = useQueryClient();
  const [prefs, setPrefs] = useState(saved.prefs);
  const [scope, setScope] = useState(ALL_PROJECTS_SCOPE);
  const [digestHour, setDigestHour] = useState(saved.digestHour);
  const [timeZone, setTimeZone] = useState(saved.timeZone);
  const [isEmailOn, setEmailOn] = useState(!saved.isEmailOff);
  const [toolbarBadge, setToolbarBadge] = useState(saved.toolbarBadge);
  const projectId = scopeProjectId(scope);
  const choices = choicesOf(prefs, projectId);
  const save = useMutation({
    mutationFn: () =>
      callApi('saveNotificationPreferences', {
        body: {
          ...toSavedPreferences(saved),
          timeZone,
          digestHour,
          toolbarBadge,
          isEmailOff: !isEmailOn,
          prefs,
        },
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKeys.notificationPreferences(), answer);
      void queryClient.invalidateQueries({ queryKey: queryKeys.inbox() });
      onDone();
    },
  });
  const zones = Intl.supportedValuesOf('timeZone');
  return (
    <Stack
      gap={6}
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <NativeSelect
        size="xs"
        label="Preferences for"
        data={preferenceScopeOptions(saved.projects)}
        value={scope}
        onChange={(change) => setScope(change.currentTarget.value)}
      />
      {NOTIFICATION_EVENTS.map((event) => (
        <NativeSelect
          key={event}
          size="xs"
          label={NOTIFICATION_EVENT_LABELS[event]}
          data={choiceOptionsFor(projectId)}
          value={choices.get(event)}
          onChange={(change) => {
            // Read now: the event's target is gone by the time the state updater runs.
            const value = change.currentTarget.value as ProjectNotificationChoice;
            setPrefs((current) => withChoices(current, projectId, new Map([[event, value]])));
          }}
        />
      ))}
      <NativeSelect
        size="xs"
        label="Daily digest at"
        data={DIGEST_HOUR_OPTIONS}
        value={String(digestHour)}
        onChange={(change) => setDigestHour(Number(change.currentTarget.value))}
      />
      <NativeSelect
        size="xs"
        label="Time zone"
        data={zones.includes(timeZone) ? zones : [timeZone, ...zones]}
        value={timeZone}
        onChange={(change) => setTimeZone(change.currentTarget.value)}
      />
      {/* Apart enough for two 24 px touch targets (WCAG 2.5.8). */}
      <Stack gap="sm">
        <Checkbox
          size="xs"
          label="Show my unread count on the toolbar icon"
          checked={toolbarBadge}
          onChange={(change) => setToolbarBadge(change.currentTarget.checked)}
        />
        <Checkbox
          size="xs"
          label="Send me notification e-mail (an unsubscribe link turns this off)"
          checked={isEmailOn}
          onChange={(change) => setEmailOn(change.currentTarget.checked)}
        />
      </Stack>
      {save.isError && <ErrorAlert error={save.error} title="Your preferences were not saved" />}
      <Button type="submit" size="compact-sm" loading={save.isPending}>
        Save preferences
      </Button>
    </Stack>
  );
}
