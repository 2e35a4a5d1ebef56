import { Button, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import type { TItemNote } from '@waymark/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert } from '../../shared/error-alert';
import { useCallApi } from '../../shared/use-call-api';
import { formatTime } from '../../shared/format-time';
import { PlanGateNote } from '../../shared/plan-gate-note';

/** An item's notes, oldest first, and a box to add one when `canAdd` (the plan has notes). */
export function NotesThread({
  itemId,
  notes,
  canAdd,
  onChanged,
}: {
  itemId: number;
  notes: TItemNote[];
  canAdd: boolean;
  onChanged: () => void;
}) {
  const callApi = useCallApi();
  const [text, setText] = useState('');
  const add = useMutation({
    mutationFn: () => callApi('addItemNote', { body: { itemId, text } }),
    onSuccess: () => {
      setText('');
      onChanged();
    },
  });
  return (
    <Stack gap="xs" component="section" aria-labelledby="notes-heading">
      <Title order={3} size="h6" id="notes-heading">
        Notes ({notes.length})
      </Title>
      {notes.map((note) => (
        <Paper key={note.noteId} withBorder p="xs" data-testid="note">
          <Text size="xs" c="dimmed">
            {note.authorName} · {formatTime(note.createdAt)}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {note.text}
          </Text>
        </Paper>
      ))}
      {canAdd ? (
        <>
          <Textarea
            label="Add a note"
            autosize
            minRows={2}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
          />
          {add.isError && <ErrorAlert error={add.error} title="The note was not added" />}
          <Button
            size="xs"
            disabled={!text.trim()}
            loading={add.isPending}
            onClick={() => add.mutate()}
          >
            Add note
          </Button>
        </>
      ) : (
        <PlanGateNote feature="notes" />
      )}
    </Stack>
  );
}
