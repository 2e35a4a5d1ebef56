import { ActionIcon, Group, Input, Paper } from '@mantine/core';
import type { TAssigneeOption } from '@waymark/core';
import { IconBold, IconItalic, IconLink, IconList, IconListNumbers } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { MentionListbox, useMentionList } from './mention-list';
import type { PickedMention } from './mention-text';
import { toAllowedHtml } from './to-allowed-html';

/**
 * The formatting the server's allow-list keeps, as toolbar buttons. Icons are SVG (Tabler): the
 * link button's emoji rendered as an empty box where the system lacks an emoji font.
 */
const COMMANDS = [
  { command: 'bold', label: 'Bold', Icon: IconBold },
  { command: 'italic', label: 'Italic', Icon: IconItalic },
  { command: 'insertUnorderedList', label: 'Bulleted list', Icon: IconList },
  { command: 'insertOrderedList', label: 'Numbered list', Icon: IconListNumbers },
] as const;

/** Props of {@link RichTextEditor}. */
export type RichTextEditorProps = {
  label: string;
  /** The starting HTML (server-sanitised); later changes of it are not pushed into the editor. */
  initialHtml: string;
  onChange: (html: string) => void;
  /** The people `@` offers (issue 27); a pick writes `@Full Name` and is reported to `onPick`. */
  people?: readonly TAssigneeOption[];
  onPick?: (person: PickedMention) => void;
};

/** The text node the caret is in, inside `box`, and the caret's offset in it. */
function caretInText(box: HTMLElement | null): { node: Text; offset: number } | null {
  const selection = window.getSelection();
  const node = selection?.anchorNode;
  if (!selection || !node || node.nodeType !== Node.TEXT_NODE || !box?.contains(node)) return null;
  return { node: node as Text, offset: selection.anchorOffset };
}

/**
 * A small rich-text editor: a contentEditable box with bold, italic, lists and links. Chrome's
 * editing commands are deprecated but still the only built-in way without a library; the result
 * is mapped onto the server's allow-list by {@link toAllowedHtml}.
 */
export function RichTextEditor({
  label,
  initialHtml,
  onChange,
  people = [],
  onPick,
}: RichTextEditorProps) {
  const box = useRef<HTMLDivElement>(null);
  const list = useMentionList(people);
  useEffect(() => {
    if (box.current) box.current.innerHTML = initialHtml;
    // Only the first value: rewriting innerHTML while typing would move the caret.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const emit = () => onChange(toAllowedHtml(box.current?.innerHTML ?? ''));
  const pick = (person: TAssigneeOption) => {
    const caret = caretInText(box.current);
    const { typing } = list;
    list.close();
    if (!caret || !typing) return;
    // A non-breaking space: a plain one at the end of an editable line would collapse.
    const inserted = `@${person.fullName}\u00a0`;
    const text = caret.node.data;
    caret.node.data = text.slice(0, typing.start) + inserted + text.slice(caret.offset);
    window.getSelection()?.collapse(caret.node, typing.start + inserted.length);
    onPick?.({ userId: person.userId, fullName: person.fullName });
    emit();
  };
  const follow = () => {
    const caret = caretInText(box.current);
    if (caret && onPick) list.track(caret.node.data, caret.offset);
    else list.close();
  };
  const run = (command: string, value?: string) => {
    box.current?.focus();
    document.execCommand(command, false, value);
    emit();
  };
  const addLink = () => {
    const url = window.prompt('Link address (https://…)');
    if (url && /^https?:\/\//i.test(url)) run('createLink', url);
  };
  return (
    <Input.Wrapper label={label} id="description-label">
      <Paper withBorder p={4}>
        <Group gap={4} mb={4} role="toolbar" aria-label="Formatting">
          {COMMANDS.map(({ command, label: name, Icon }) => (
            <ActionIcon
              key={command}
              variant="default"
              size="sm"
              aria-label={name}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => run(command)}
            >
              <Icon size={16} aria-hidden />
            </ActionIcon>
          ))}
          <ActionIcon
            variant="default"
            size="sm"
            aria-label="Link"
            onMouseDown={(event) => event.preventDefault()}
            onClick={addLink}
          >
            <IconLink size={16} aria-hidden />
          </ActionIcon>
        </Group>
        <div
          ref={box}
          role="textbox"
          aria-multiline="true"
          aria-labelledby="description-label-label"
          aria-describedby={onPick ? 'description-mention-hint' : undefined}
          {...(onPick && list.boxProps)}
          contentEditable
          suppressContentEditableWarning
          onInput={() => {
            emit();
            follow();
          }}
          onKeyDown={(event) => list.onKeyDown(event, pick)}
          onBlur={list.close}
          style={{ minHeight: 80, padding: 6, outline: 'none', fontSize: 14 }}
        />
        {onPick && (
          <>
            <Input.Description id="description-mention-hint" px={6}>
              Type @ to mention someone on this project.
            </Input.Description>
            <MentionListbox list={list} onPick={pick} />
          </>
        )}
      </Paper>
    </Input.Wrapper>
  );
}
