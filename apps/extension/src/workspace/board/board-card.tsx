import { useDraggable } from '@dnd-kit/core';
import { ActionIcon, Badge, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import type { TWorkspaceItem } from '@waymark/core';
import { useIsOrgWritable } from '../../ui/index';
import classes from './board.module.css';

/** A card's face: title, page, type or status, assignee, tags. */
export function CardFace({ item, onOpen }: { item: TWorkspaceItem; onOpen?: () => void }) {
  return (
    <>
      {onOpen ? (
        <UnstyledButton className={classes.cardTitle} onClick={onOpen}>
          {item.title}
        </UnstyledButton>
      ) : (
        <Text className={classes.cardTitle}>{item.title}</Text>
      )}
      <Text size="xs" truncate="end">
        {item.relativePath}
      </Text>
      <Group gap={4} mt={4}>
        <Badge size="xs" variant="light">
          {item.itemTypeDescription}
        </Badge>
        <Badge size="xs" variant="outline">
          {item.itemStatusDescription}
        </Badge>
        {item.tags.slice(0, 3).map((tag) => (
          <Badge key={tag} size="xs" variant="default">
            {tag}
          </Badge>
        ))}
      </Group>
      {item.assignee && (
        <Text size="xs" mt={4}>
          {item.assignee.fullName}
        </Text>
      )}
    </>
  );
}

/**
 * A card on the board: its title opens the item beside the board; its handle moves it to another
 * column by pointer or keyboard (dnd-kit gives the handle its button role and instructions).
 */
export function BoardCard({ item, onOpen }: { item: TWorkspaceItem; onOpen: () => void }) {
  // A closed organization's cards cannot be moved: no handle, no drag.
  const isWritable = useIsOrgWritable();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: item.itemId,
    data: { item },
    disabled: !isWritable,
  });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="xs"
      className={classes.card}
      data-dragging={isDragging || undefined}
      data-testid="board-card"
    >
      <Group gap={4} wrap="nowrap" align="start">
        {isWritable && (
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={`Move ${item.title}`}
            className={classes.handle}
            {...attributes}
            {...listeners}
          >
            <IconGripVertical size={14} aria-hidden />
          </ActionIcon>
        )}
        <div className={classes.cardBody}>
          <CardFace item={item} onOpen={onOpen} />
        </div>
      </Group>
    </Paper>
  );
}
