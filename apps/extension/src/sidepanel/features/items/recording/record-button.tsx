import { Alert, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useChromeApi } from '../../../../ui/index';
import { useActiveTab } from '../../../shared/use-active-tab';
import { useCallApi } from '../../../shared/use-call-api';
import { useObjectUrl } from '../attachments/use-object-url';
import type { RecordedClip } from './recording-session';
import { formatClock, RecordingTimer } from './recording-timer';
import { useTabRecording } from './use-tab-recording';

/**
 * Record tab (issue 32): records the page's tab (video only, up to 2:00, optionally with the
 * pointer and clicks drawn on allowed sites), then shows the clip to play back and attach or
 * discard. Nothing reaches the item until "Attach recording".
 */
export function RecordButton({
  onRecorded,
  quotaOrgId,
}: {
  onRecorded: (file: File) => void;
  /** The organization whose storage figure the user may read (admins): checked before recording. */
  quotaOrgId?: number;
}) {
  const api = useChromeApi();
  const callApi = useCallApi();
  const active = useActiveTab();
  const tabId = active.status === 'ready' ? active.tab?.tabId : undefined;
  const recording = useTabRecording(api, callApi, quotaOrgId);
  const [showClicks, setShowClicks] = useState(true);
  const { state } = recording;
  if (state.status === 'recorded') {
    return (
      <RecordedPreview
        clip={state.clip}
        onAttach={() => {
          onRecorded(state.clip.file);
          recording.reset();
        }}
        onDiscard={recording.reset}
      />
    );
  }
  if (state.status === 'recording' || state.status === 'finishing') {
    return (
      <Stack gap={4} w="100%" data-testid="recording">
        <Group gap="sm">
          {state.status === 'recording' ? (
            <RecordingTimer startedAt={state.startedAt} />
          ) : (
            <Text size="sm">Finishing the recording…</Text>
          )}
          <Button
            size="xs"
            color="red.9"
            onClick={recording.stop}
            loading={state.status === 'finishing'}
          >
            Stop recording
          </Button>
        </Group>
        {state.status === 'recording' && showClicks && !state.showsClicks && (
          <Text size="xs" c="dimmed">
            Clicks are drawn only on sites you allowed Waymark to open; this one records without.
          </Text>
        )}
      </Stack>
    );
  }
  return (
    <>
      <Button
        size="xs"
        variant="light"
        disabled={tabId === undefined}
        loading={state.status === 'preparing'}
        onClick={() => tabId !== undefined && recording.start(tabId, showClicks)}
      >
        Record tab
      </Button>
      <Checkbox
        size="xs"
        label="Show cursor and clicks"
        checked={showClicks}
        onChange={(event) => setShowClicks(event.currentTarget.checked)}
      />
      {state.status === 'failed' && (
        <Alert
          color="orange"
          variant="light"
          role="alert"
          p="xs"
          w="100%"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={recording.reset}
        >
          {state.message}
        </Alert>
      )}
    </>
  );
}

const END_NOTES = {
  stopped: null,
  limit: 'Recordings stop by themselves at 2:00.',
  tabClosed: 'The tab closed, so the recording stopped there. This is what was recorded.',
} as const;

/** The finished clip: play it back, then attach it to the item or throw it away. */
function RecordedPreview({
  clip,
  onAttach,
  onDiscard,
}: {
  clip: RecordedClip;
  onAttach: () => void;
  onDiscard: () => void;
}) {
  const url = useObjectUrl(clip.file);
  const note = END_NOTES[clip.end];
  return (
    <Stack gap={6} w="100%" data-testid="recorded-clip">
      <Text size="sm">Recording, {formatClock(clip.durationMs)}</Text>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
      {url && (
        <video
          src={url}
          controls
          aria-label={`Recording preview, ${formatClock(clip.durationMs)}`}
          data-testid="recorded-clip-video"
          style={{ width: '100%', maxHeight: 240, background: '#000' }}
        />
      )}
      <Group gap="xs">
        <Button size="xs" onClick={onAttach}>
          Attach recording
        </Button>
        <Button size="xs" variant="subtle" onClick={onDiscard}>
          Discard
        </Button>
      </Group>
    </Stack>
  );
}
