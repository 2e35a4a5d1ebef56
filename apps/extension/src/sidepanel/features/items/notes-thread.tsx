import { Button, Stack, Title } from '@mantine/core';
import type { TItemNote, TMention } from '@waymark/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert } from '../../shared/error-alert';
import { queryKeys } from '../../shared/data/query-keys';
import { useCallApi } from '../../shared/use-call-api';
import { OlderRowsButton, useIsOrgWritable, useOlderRows } from '../../../ui/index';
import { PlanGateNote } from '../../shared/plan-gate-note';
import { toStoredText, type PickedMention } from './mention-text';
import { GrantAccessNotice } from './grant-access-notice';
import { NoteCard } from './note-card';
import { MentionTextarea } from './mention-textarea';

/**
 * An item's notes, oldest first (mentions shown with current names; the caller's own can be
 * edited or deleted): the newest the item brings, earlier ones a page at a time on request
 * (decision 0138). And a box to add one with
 * @mentions when `canAdd` (the plan has notes). When a mentioned person cannot see the project,
 * the author is told they were not notified, and an admin can grant them the project.
 */
export function NotesThread({
  itemId,
  projectId,
  access,
  notes,
  noteCount,
  hasEarlier,
  canAdd,
  onChanged,
}: {
  itemId: number;
  projectId: number;
  access: { orgId: number; isAdmin: boolean };
  notes: TItemNote[];
  /** How many notes the item has in all. */
  noteCount: number;
  /** Earlier notes exist than `notes` holds. */
  hasEarlier: boolean;
  canAdd: boolean;
  onChanged: () => void;
}) {
  const isWritable = useIsOrgWritable();
  const callApi = useCallApi();
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<PickedMention[]>([]);
  const [unreached, setUnreached] = useState<TMention[]>([]);
  const people = useQuery({
    queryKey: queryKeys.assignees(projectId),
    queryFn: () => callApi('getAssigneeOptions', { params: { projectId } }),
  });
  const earlier = useOlderRows<TItemNote>({
    queryKey: queryKeys.itemThread(itemId, 'notes'),
    cursor: notes[0]?.noteId,
    hasOlder: hasEarlier,
    olderThan: (page) => page[0]?.noteId,
    load: (beforeId) =>
      callApi('getItemNotes', { params: { itemId }, query: { beforeId: String(beforeId) } }),
  });
  const whoami = useQuery({
    queryKey: queryKeys.whoami(),
    queryFn: () => callApi('whoami', {}),
  });
  const add = useMutation({
    mutationFn: () =>
      callApi('addItemNote', { body: { itemId, text: toStoredText(text, picked) } }),
    onSuccess: (note) => {
      setText('');
      setPicked([]);
      setUnreached(note.mentionsWithoutAccess);
      onChanged();
    },
  });
  return (
    <Stack gap="xs" component="section" aria-labelledby="notes-heading">
      <Title order={3} size="h6" id="notes-heading">
        Notes ({noteCount})
      </Title>
      <OlderRowsButton rows={earlier} label="Show earlier notes" />
      {[...earlier.pages.toReversed().flat(), ...notes].map((note) => (
        <NoteCard
          key={note.noteId}
          itemId={itemId}
          note={note}
          isOwn={note.authorUserId !== null && note.authorUserId === whoami.data?.userId}
          people={people.data ?? []}
          onChanged={onChanged}
        />
      ))}
      {unreached.length > 0 && (
        <GrantAccessNotice
          people={unreached}
          projectId={projectId}
          access={access}
          onGranted={(userId) =>
            setUnreached((current) => current.filter((person) => person.userId !== userId))
          }
        />
      )}
      {!isWritable ? null : canAdd ? (
        <>
          <MentionTextarea
            label="Add a note"
            value={text}
            people={people.data ?? []}
            onChange={setText}
            onPick={(person) => setPicked((current) => [...current, person])}
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
