import { Paper, Text } from '@mantine/core';
import type { TAssigneeOption } from '@waymark/core';
import { useId, useState, type KeyboardEvent } from 'react';
import { mentionQueryAt } from './mention-text';

/** Most people the list shows at once. */
const MAX_OPTIONS = 8;

/** The `@query` being typed: where its `@` is, the letters after it, and the caret. */
export type MentionTyping = { start: number; query: string; caret: number };

/**
 * The keyboard-first list of people to mention (issue 27), shared by the note box and the
 * description editor: `track` reads the `@query` before the caret, ↑/↓ move, Enter or Tab picks,
 * Escape closes. The box keeps the focus and names the list and the active option.
 */
export function useMentionList(people: readonly TAssigneeOption[]) {
  const listId = useId();
  const [typing, setTyping] = useState<MentionTyping | null>(null);
  const [active, setActive] = useState(0);
  const needle = typing?.query.toLowerCase() ?? '';
  const options = typing
    ? people
        .filter(
          (person) =>
            person.fullName.toLowerCase().includes(needle) ||
            person.email.toLowerCase().includes(needle),
        )
        .slice(0, MAX_OPTIONS)
    : [];
  const isOpen = options.length > 0;
  const optionId = (index: number) => `${listId}-option-${index}`;
  return {
    listId,
    typing,
    options,
    active,
    isOpen,
    optionId,
    /** Follows the text before the caret (after each input). */
    track: (text: string, caret: number) => {
      const found = mentionQueryAt(text, caret);
      setTyping(found && { ...found, caret });
      setActive(0);
    },
    close: () => setTyping(null),
    /** Handles the list's keys while it is open; `pick` gets the chosen person. */
    onKeyDown: (event: KeyboardEvent, pick: (person: TAssigneeOption) => void) => {
      if (!isOpen) return;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((index) => (index + step + options.length) % options.length);
      } else if (event.key === 'Enter' || event.key === 'Tab') {
        const person = options[active];
        if (!person) return;
        event.preventDefault();
        pick(person);
      } else if (event.key === 'Escape') {
        event.preventDefault();
        setTyping(null);
      }
    },
    /** What the box says about the list (it cannot be a combobox: see docs/notifications.md). */
    boxProps: {
      'aria-autocomplete': 'list' as const,
      'aria-controls': listId,
      'aria-activedescendant': isOpen ? optionId(active) : undefined,
    },
  };
}

/** The list {@link useMentionList} drives, under its box. */
export function MentionListbox({
  list,
  onPick,
}: {
  list: ReturnType<typeof useMentionList>;
  onPick: (person: TAssigneeOption) => void;
}) {
  return (
    <Paper
      component="ul"
      id={list.listId}
      role="listbox"
      aria-label="People to mention"
      withBorder={list.isOpen}
      shadow={list.isOpen ? 'sm' : undefined}
      p={list.isOpen ? 4 : 0}
      m={0}
      style={{ listStyle: 'none' }}
      hidden={!list.isOpen}
    >
      {list.options.map((person, index) => (
        <li
          key={person.userId}
          id={list.optionId(index)}
          role="option"
          aria-selected={index === list.active}
          // Before the box's blur closes the list.
          onMouseDown={(event) => {
            event.preventDefault();
            onPick(person);
          }}
          style={{
            borderRadius: 4,
            padding: 4,
            cursor: 'pointer',
            background: index === list.active ? 'var(--mantine-color-blue-light)' : undefined,
          }}
        >
          <Text size="sm">{person.fullName}</Text>
          <Text size="xs" c="dimmed">
            {person.email}
          </Text>
        </li>
      ))}
    </Paper>
  );
}
