import { Button, Group, Paper, Text } from '@mantine/core';
import type { TAssigneeOption, TItemNote } from '@waymark/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert } from '../../shared/error-alert';
import { formatTime } from '../../shared/format-time';
import { useIsOrgWritable } from '../../../ui/index';
import { useCallApi } from '../../shared/use-call-api';
import { noteTextOf, toStoredText, type PickedMention } from './mention-text';
import { MentionTextarea } from './mention-textarea';

/**
 * One note: author, time, "edited", the text with mentions by current name. Its author (`isOwn`)
 * can edit it in place (with @mentions) or delete it after confirming; the server keeps the
 * earlier text in the item's history (issue 27).
 */
export function NoteCard({
  itemId,
  note,
  isOwn,
  people,
  onChanged,
}: {
  itemId: number;
  note: TItemNote;
  isOwn: boolean;
  people: readonly TAssigneeOption[];
  onChanged: () => void;
}) {
  const callApi = useCallApi();
  const isWritable = useIsOrgWritable();
  const [draft, setDraft] = useState<string | null>(null);
  const [picked, setPicked] = useState<PickedMention[]>([]);
  const [isConfirming, setConfirming] = useState(false);
  const save = useMutation({
    mutationFn: (text: string) =>
      callApi('editItemNote', { body: { itemId, noteId: note.noteId, text } }),
    onSuccess: () => {
      setDraft(null);
      onChanged();
    },
  });
  const remove = useMutation({
    mutationFn: () => callApi('deleteItemNote', { body: { itemId, noteId: note.noteId } }),
    onSuccess: onChanged,
  });
  const error = save.error ?? remove.error;
  const startEditing = () => {
    setDraft(noteTextOf(note));
    // The names already in the text are turned back into the same mentions on save.
    setPicked(note.mentions);
  };
  return (
    <Paper withBorder p="xs" data-testid="note">
      <Text size="xs" c="dimmed">
        {note.authorName} · {formatTime(note.createdAt)}
        {note.editedAt && ' · edited'}
      </Text>
      {draft === null ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {noteTextOf(note)}
        </Text>
      ) : (
        <MentionTextarea
          label="Edit your note"
          value={draft}
          people={people}
          onChange={setDraft}
          onPick={(person) => setPicked((current) => [...current, person])}
        />
      )}
      {error && <ErrorAlert error={error} title="The note was not changed" />}
      {isOwn && isWritable && (
        <Group gap={4} mt={4}>
          {draft !== null ? (
            <>
              <Button
                size="compact-xs"
                disabled={!draft.trim()}
                loading={save.isPending}
                onClick={() => save.mutate(toStoredText(draft, picked))}
              >
                Save note
              </Button>
              <Button size="compact-xs" variant="subtle" onClick={() => setDraft(null)}>
                Cancel
              </Button>
            </>
          ) : isConfirming ? (
            <>
              <Button
                size="compact-xs"
                color="red.8"
                loading={remove.isPending}
                onClick={() => remove.mutate()}
              >
                Delete this note
              </Button>
              <Button size="compact-xs" variant="subtle" onClick={() => setConfirming(false)}>
                Keep it
              </Button>
            </>
          ) : (
            <>
              {/* Named for the note: the item itself has an Edit button in the same article. */}
              <Button
                size="compact-xs"
                variant="subtle"
                aria-label="Edit note"
                onClick={startEditing}
              >
                Edit
              </Button>
              <Button
                size="compact-xs"
                variant="subtle"
                aria-label="Delete note"
                onClick={() => setConfirming(true)}
              >
                Delete
              </Button>
            </>
          )}
        </Group>
      )}
    </Paper>
  );
}
