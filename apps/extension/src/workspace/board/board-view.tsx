import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
} from '@dnd-kit/core';
import { Paper } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBoardGroup, TWorkspaceFilter, TWorkspaceItem } from '@waymark/core';
import { useMemo, useState } from 'react';
import type { CallApi } from '../../api/index';
import { ErrorAlert } from '../error-alert';
import type { ViewState } from '../view-state';
import { boardAnnouncements, SCREEN_READER_INSTRUCTIONS } from './announcements';
import { CardFace } from './board-card';
import { BoardColumn, type PendingMoves } from './board-column';
import { boardColumns, columnOf, moveChange, type GroupOptions } from './board-groups';
import classes from './board.module.css';
import { columnCoordinates } from './keyboard-columns';

// The pointer decides where a card goes; a keyboard move has no pointer, so its card's box does.
const collision: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length > 0 ? hits : rectIntersection(args);
};

/**
 * The board (issue 28): a column per value of the chosen field (status, type, assignee,
 * release). Dragging a card to another column — pointer, or keyboard on the card's handle with
 * dnd-kit's announcements — changes that field through the item's ordinary update, so the
 * change is in the item's history and reaches every open panel and workspace as a live event.
 */
export function BoardView({
  callApi,
  projectId,
  group,
  options,
  filter,
  sort,
  onOpen,
}: {
  callApi: CallApi;
  projectId: number;
  group: TBoardGroup;
  options: GroupOptions;
  filter: TWorkspaceFilter;
  sort: ViewState['sort'];
  onOpen: (item: TWorkspaceItem) => void;
}) {
  const queryClient = useQueryClient();
  const columns = boardColumns(group, options, filter);
  const [moves, setMoves] = useState<PendingMoves>(new Map());
  const [dragged, setDragged] = useState<TWorkspaceItem | null>(null);
  const sensors = useSensors(
    // A click on a card's handle is not a drag: it must move a few pixels first.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnCoordinates }),
  );
  const forget = (itemId: number) =>
    setMoves((current) => {
      const next = new Map(current);
      next.delete(itemId);
      return next;
    });
  const move = useMutation({
    mutationFn: ({ item, to }: { item: TWorkspaceItem; to: number }) =>
      callApi('updateItem', { body: moveChange(group, item.itemId, to) }),
    onSettled: async (_answer, _error, { item }) => {
      await queryClient.invalidateQueries({ queryKey: ['workspace-rows'] });
      forget(item.itemId);
    },
  });
  const announcements = useMemo(() => {
    const nameOf = (id: string | number) =>
      columns.find((column) => column.value === Number(id))?.label ?? 'unknown';
    return boardAnnouncements(nameOf);
  }, [columns]);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    const item = active.data.current?.item as TWorkspaceItem | undefined;
    if (!item || !over) return;
    const to = Number(over.id);
    if (to === (moves.get(item.itemId)?.to ?? columnOf(group, item))) return;
    setMoves((current) => new Map(current).set(item.itemId, { to, item }));
    move.mutate({ item, to });
  };

  return (
    <>
      {move.isError && <ErrorAlert error={move.error} title="The card was not moved" />}
      <DndContext
        sensors={sensors}
        collisionDetection={collision}
        accessibility={{
          announcements,
          screenReaderInstructions: { draggable: SCREEN_READER_INSTRUCTIONS },
        }}
        onDragStart={({ active }) =>
          setDragged((active.data.current?.item as TWorkspaceItem | undefined) ?? null)
        }
        onDragCancel={() => setDragged(null)}
        onDragEnd={onDragEnd}
      >
        <div className={classes.board} role="region" aria-label="Board">
          {columns.map((column) => (
            <BoardColumn
              key={column.value}
              column={column}
              callApi={callApi}
              projectId={projectId}
              group={group}
              filter={filter}
              sort={sort}
              moves={moves}
              onOpen={onOpen}
            />
          ))}
        </div>
        <DragOverlay>
          {dragged && (
            <Paper withBorder p="xs" className={classes.overlay}>
              <CardFace item={dragged} />
            </Paper>
          )}
        </DragOverlay>
      </DndContext>
    </>
  );
}
