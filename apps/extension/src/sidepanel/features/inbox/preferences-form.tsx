import { Button, Checkbox, NativeSelect, Stack, Text } from '@mantine/core';
import {
  NOTIFICATION_EVENTS,
  type TNotificationEvent,
  type TNotificationPreferences,
} from '@waymark/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert } from '../../shared/error-alert';
import { queryKeys } from '../../shared/data/query-keys';
import { useCallApi } from '../../shared/use-call-api';

const EVENT_LABELS: Record<TNotificationEvent, string> = {
  mention: 'Someone mentions me',
  assigned: 'An item is assigned to me',
  status: 'A status changes on what I watch',
  note: 'A note is added to what I watch',
  attachment: 'A file is attached to what I watch',
  itemCreated: 'An item is added on a page I watch',
};

const EMAIL_CHOICES = [
  { value: 'immediate', label: 'E-mail within minutes' },
  { value: 'digest', label: 'In the daily digest' },
  { value: 'off', label: 'No e-mail' },
  { value: 'none', label: 'Not at all' },
];

const DEFAULTS: Record<TNotificationEvent, string> = {
  mention: 'immediate',
  assigned: 'immediate',
  status: 'digest',
  note: 'digest',
  attachment: 'digest',
  itemCreated: 'digest',
};

/** The choice shown for `event`: its all-projects preference, else the default. */
function choiceOf(preferences: TNotificationPreferences, event: TNotificationEvent): string {
  const pref = preferences.prefs.find((row) => row.projectId === null && row.event === event);
  if (!pref) return DEFAULTS[event];
  return pref.isEnabled ? pref.email : 'none';
}

/**
 * The user's notification preferences for every project (issue 27): per event, e-mail within
 * minutes, in the daily digest, no e-mail, or not at all; the digest's hour and time zone; the
 * switch every unsubscribe link turns off. Per-project rows saved elsewhere are kept.
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

function Form({ saved, onDone }: { saved: TNotificationPreferences; onDone: () => void }) {
  const callApi = useCallApi();
  const queryClient = useQueryClient();
  const [choices, setChoices] = useState(
    () => new Map(NOTIFICATION_EVENTS.map((event) => [event, choiceOf(saved, event)])),
  );
  const [digestHour, setDigestHour] = useState(saved.digestHour);
  const [timeZone, setTimeZone] = useState(saved.timeZone);
  const [isEmailOn, setEmailOn] = useState(!saved.isEmailOff);
  const save = useMutation({
    mutationFn: () =>
      callApi('saveNotificationPreferences', {
        body: {
          ...saved,
          timeZone,
          digestHour,
          isEmailOff: !isEmailOn,
          prefs: [
            ...saved.prefs.filter((row) => row.projectId !== null),
            ...NOTIFICATION_EVENTS.map((event) => {
              const choice = choices.get(event) ?? DEFAULTS[event];
              return {
                projectId: null,
                event,
                isEnabled: choice !== 'none',
                email: (choice === 'none' ? 'off' : choice) as 'immediate' | 'digest' | 'off',
              };
            }),
          ],
        },
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKeys.notificationPreferences(), answer);
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
      {NOTIFICATION_EVENTS.map((event) => (
        <NativeSelect
          key={event}
          size="xs"
          label={EVENT_LABELS[event]}
          data={EMAIL_CHOICES}
          value={choices.get(event)}
          onChange={(change) => {
            // Read now: the event's target is gone by the time the state updater runs.
            const value = change.currentTarget.value;
            setChoices((current) => new Map(current).set(event, value));
          }}
        />
      ))}
      <NativeSelect
        size="xs"
        label="Daily digest at"
        data={Array.from({ length: 24 }, (_, hour) => ({
          value: String(hour),
          label: `${String(hour).padStart(2, '0')}:00`,
        }))}
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
      <Checkbox
        size="xs"
        label="Send me notification e-mail (an unsubscribe link turns this off)"
        checked={isEmailOn}
        onChange={(change) => setEmailOn(change.currentTarget.checked)}
      />
      {save.isError && <ErrorAlert error={save.error} title="Your preferences were not saved" />}
      <Button type="submit" size="compact-sm" loading={save.isPending}>
        Save preferences
      </Button>
    </Stack>
  );
}
