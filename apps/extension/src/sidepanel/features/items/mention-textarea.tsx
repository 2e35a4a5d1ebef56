import { Paper, Text, Textarea } from '@mantine/core';
import type { TAssigneeOption } from '@waymark/core';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { insertMention, mentionQueryAt, type PickedMention } from './mention-text';

/** Most people the list shows at once. */
const MAX_OPTIONS = 8;

/**
 * A note box with @mentions (issue 27), an autocomplete textbox with a listbox: typing `@` and letters lists the
 * project's people by name and e-mail; ↑/↓ move, Enter or Tab picks, Escape closes. A pick writes
 * `@Full Name` into the text and is reported through `onPick`, so the text is stored with tokens.
 */
export function MentionTextarea({
  label,
  value,
  people,
  onChange,
  onPick,
}: {
  label: string;
  value: string;
  people: readonly TAssigneeOption[];
  onChange: (value: string) => void;
  onPick: (person: PickedMention) => void;
}) {
  const listId = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  const [typing, setTyping] = useState<{ start: number; query: string; caret: number } | null>(
    null,
  );
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

  const track = (text: string, caret: number) => {
    const found = mentionQueryAt(text, caret);
    setTyping(found && { ...found, caret });
    setActive(0);
  };
  const pick = (person: TAssigneeOption) => {
    if (!typing) return;
    const next = insertMention(value, typing.start, typing.caret, person);
    onChange(next.text);
    onPick({ userId: person.userId, fullName: person.fullName });
    setTyping(null);
    requestAnimationFrame(() => ref.current?.setSelectionRange(next.caret, next.caret));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
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
  };
  const optionId = (index: number) => `${listId}-option-${index}`;
  return (
    <div>
      <Textarea
        ref={ref}
        label={label}
        description="Type @ to mention someone on this project."
        autosize
        minRows={2}
        value={value}
        // A textarea cannot take the combobox role; as a textbox it still names its list and
        // the active option, which is what screen readers announce while arrowing.
        aria-autocomplete="list"
        aria-controls={listId}
        aria-activedescendant={isOpen ? optionId(active) : undefined}
        onChange={(event) => {
          onChange(event.currentTarget.value);
          track(event.currentTarget.value, event.currentTarget.selectionStart);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTyping(null)}
      />
      <Paper
        component="ul"
        id={listId}
        role="listbox"
        aria-label="People to mention"
        withBorder={isOpen}
        shadow={isOpen ? 'sm' : undefined}
        p={isOpen ? 4 : 0}
        m={0}
        style={{ listStyle: 'none' }}
        hidden={!isOpen}
      >
        {options.map((person, index) => (
          <li
            key={person.userId}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            // Before the textarea's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              pick(person);
            }}
            style={{
              borderRadius: 4,
              padding: 4,
              cursor: 'pointer',
              background: index === active ? 'var(--mantine-color-blue-light)' : undefined,
            }}
          >
            <Text size="sm">{person.fullName}</Text>
            <Text size="xs" c="dimmed">
              {person.email}
            </Text>
          </li>
        ))}
      </Paper>
    </div>
  );
}
