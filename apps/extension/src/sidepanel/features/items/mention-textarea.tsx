import { Textarea } from '@mantine/core';
import type { TAssigneeOption } from '@waymark/core';
import { useRef } from 'react';
import { MentionListbox, useMentionList } from './mention-list';
import { insertMention, type PickedMention } from './mention-text';

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
  const ref = useRef<HTMLTextAreaElement>(null);
  const list = useMentionList(people);
  const pick = (person: TAssigneeOption) => {
    const { typing } = list;
    if (!typing) return;
    const next = insertMention(value, typing.start, typing.caret, person);
    onChange(next.text);
    onPick({ userId: person.userId, fullName: person.fullName });
    list.close();
    requestAnimationFrame(() => ref.current?.setSelectionRange(next.caret, next.caret));
  };
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
        {...list.boxProps}
        onChange={(event) => {
          onChange(event.currentTarget.value);
          list.track(event.currentTarget.value, event.currentTarget.selectionStart);
        }}
        onKeyDown={(event) => list.onKeyDown(event, pick)}
        onBlur={list.close}
      />
      <MentionListbox list={list} onPick={pick} />
    </div>
  );
}
