import { useDroppable } from '@dnd-kit/core';
import { Button, Group, Loader, Text, Title } from '@mantine/core';
import type { TBoardGroup, TWorkspaceFilter, TWorkspaceItem } from '@waymark/core';
import type { CallApi } from '../../api/index';
import { ErrorAlert } from '../error-alert';
import type { ViewState } from '../view-state';
import { BoardCard } from './board-card';
import type { BoardColumn as Column } from './board-groups';
import classes from './board.module.css';
import { CARDS_PER_PAGE, useBoardColumn } from './use-board-column';

/** Cards being moved: where each goes, until the server's answer is shown. */
export type PendingMoves = ReadonlyMap<number, { to: number; item: TWorkspaceItem }>;

/**
 * A column of the board: a drop target for cards, its name and number of cards, the cards loaded
 * so far and "Show more" for the next page. Cards being moved show in their new column at once.
 */
export function BoardColumn({
  column,
  callApi,
  projectId,
  group,
  filter,
  sort,
  moves,
  onOpen,
}: {
  column: Column;
  callApi: CallApi;
  projectId: number;
  group: TBoardGroup;
  filter: TWorkspaceFilter;
  sort: ViewState['sort'];
  moves: PendingMoves;
  onOpen: (item: TWorkspaceItem) => void;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: column.value, data: { column } });
  const { query, cards, total } = useBoardColumn(callApi, {
    projectId,
    group,
    filter,
    sort,
    value: column.value,
  });
  const stayed = cards.filter(
    (card) => (moves.get(card.itemId)?.to ?? column.value) === column.value,
  );
  const movedIn = [...moves.values()]
    .filter((move) => move.to === column.value)
    .map((move) => move.item)
    .filter((item) => !cards.some((card) => card.itemId === item.itemId));
  const shown = [...movedIn, ...stayed];
  const count = total - (cards.length - stayed.length) + movedIn.length;
  const headingId = `board-column-${column.value}`;
  return (
    <section
      ref={setNodeRef}
      className={classes.column}
      data-over={isOver || undefined}
      aria-labelledby={headingId}
      data-testid="board-column"
    >
      <Group className={classes.columnHead} justify="space-between" wrap="nowrap">
        <Title order={2} size="h6" id={headingId}>
          {column.label}
        </Title>
        <Text size="xs" aria-label={count === 1 ? '1 card' : `${count} cards`}>
          {count}
        </Text>
      </Group>
      {query.isError && <ErrorAlert error={query.error} title="The cards could not be listed" />}
      {query.isPending ? (
        <Loader size="xs" m="sm" aria-label={`Loading ${column.label}`} />
      ) : (
        <ul className={classes.cards} aria-labelledby={headingId}>
          {shown.map((item) => (
            <li key={item.itemId}>
              <BoardCard item={item} onOpen={() => onOpen(item)} />
            </li>
          ))}
          {query.hasNextPage && (
            <li>
              <Button
                size="compact-xs"
                variant="subtle"
                fullWidth
                loading={query.isFetchingNextPage}
                onClick={() => void query.fetchNextPage()}
              >
                Show {Math.min(CARDS_PER_PAGE, total - cards.length)} more
              </Button>
            </li>
          )}
        </ul>
      )}
    </section>
  );
}
