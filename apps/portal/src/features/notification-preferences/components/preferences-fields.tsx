import { Alert, Button, Checkbox, Fieldset, NativeSelect, Stack } from '@mantine/core';
import {
  ALL_PROJECTS_SCOPE,
  choiceOptionsFor,
  choicesOf,
  DIGEST_HOUR_OPTIONS,
  preferenceScopeOptions,
  scopeProjectId,
  NOTIFICATION_EVENT_LABELS,
  NOTIFICATION_EVENTS,
  routes,
  toSavedPreferences,
  withChoices,
  type ProjectNotificationChoice,
  type TNotificationPreferencesView,
} from '@waymark/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiClient } from '../../../lib/api-client';
import { getErrorMessage } from '../../../lib/error-message';
import { PREFERENCES_KEY } from '../preferences-key';

/**
 * The form of the preferences: a project (or all), one choice per event, the digest's hour and
 * time zone, the toolbar badge and the e-mail switch an unsubscribe link turns off. Saved as a
 * whole; a project's "As for all projects" writes no row for it.
 */
export function PreferencesFields({ saved }: { saved: TNotificationPreferencesView }) {
  const queryClient = useQueryClient();
  const [prefs, setPrefs] = useState(saved.prefs);
  const [scope, setScope] = useState(ALL_PROJECTS_SCOPE);
  const [digestHour, setDigestHour] = useState(String(saved.digestHour));
  const [timeZone, setTimeZone] = useState(saved.timeZone);
  const [toolbarBadge, setToolbarBadge] = useState(saved.toolbarBadge);
  const [isEmailOn, setEmailOn] = useState(!saved.isEmailOff);
  const projectId = scopeProjectId(scope);
  const choices = choicesOf(prefs, projectId);
  const save = useMutation({
    mutationFn: () =>
      apiClient.call(routes.saveNotificationPreferences, {
        body: {
          ...toSavedPreferences(saved),
          prefs,
          digestHour: Number(digestHour),
          timeZone,
          toolbarBadge,
          isEmailOff: !isEmailOn,
        },
      }),
    onSuccess: (answer) => queryClient.setQueryData(PREFERENCES_KEY, answer),
  });
  const zones = Intl.supportedValuesOf('timeZone');
  return (
    <Stack
      component="form"
      gap="md"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <NativeSelect
        label="Preferences for"
        description="A project's choices replace those for all projects."
        data={preferenceScopeOptions(saved.projects)}
        value={scope}
        onChange={(change) => setScope(change.currentTarget.value)}
      />
      <Fieldset legend="Tell me when">
        <Stack gap="sm">
          {NOTIFICATION_EVENTS.map((event) => (
            <NativeSelect
              key={event}
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
        </Stack>
      </Fieldset>
      <Fieldset legend="Daily digest and e-mail">
        <Stack gap="sm">
          <NativeSelect
            label="Daily digest at"
            data={DIGEST_HOUR_OPTIONS}
            value={digestHour}
            onChange={(change) => setDigestHour(change.currentTarget.value)}
          />
          <NativeSelect
            label="Time zone"
            data={zones.includes(timeZone) ? zones : [timeZone, ...zones]}
            value={timeZone}
            onChange={(change) => setTimeZone(change.currentTarget.value)}
          />
          <Checkbox
            label="Send me notification e-mail (an unsubscribe link turns this off)"
            checked={isEmailOn}
            onChange={(change) => setEmailOn(change.currentTarget.checked)}
          />
          <Checkbox
            label="Show my unread count on the extension's toolbar icon"
            checked={toolbarBadge}
            onChange={(change) => setToolbarBadge(change.currentTarget.checked)}
          />
        </Stack>
      </Fieldset>
      {save.isError && (
        <Alert color="red" role="alert" title="Your preferences were not saved">
          {getErrorMessage(save.error)}
        </Alert>
      )}
      {save.isSuccess && (
        <Alert color="green" role="status" title="Preferences saved">
          They apply to the next notifications.
        </Alert>
      )}
      <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
        Save preferences
      </Button>
    </Stack>
  );
}
