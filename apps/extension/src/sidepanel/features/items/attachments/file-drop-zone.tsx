import { Button, Group, Paper, Text } from '@mantine/core';
import { useRef, useState, type ReactNode } from 'react';

/** The files of a paste, with a name for pasted images (the clipboard gives them "image.png"). */
export function filesFromClipboard(data: DataTransfer | null, now = new Date()): File[] {
  if (!data) return [];
  return [...data.files].map((file) =>
    file.type.startsWith('image/') && file.name === 'image.png'
      ? new File([file], `pasted-${now.toISOString().replace(/[:.]/g, '-')}.png`, {
          type: file.type,
        })
      : file,
  );
}

/**
 * Where files are added: a picker button, dropping files on the zone, or pasting while the zone
 * (or anything in it) has focus. `extra` adds more buttons to the row (Capture screenshot).
 */
export function FileDropZone({
  onFiles,
  extra,
}: {
  onFiles: (files: File[]) => void;
  extra?: ReactNode;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [isOver, setIsOver] = useState(false);
  const add = (files: File[]) => {
    if (files.length) onFiles(files);
  };
  return (
    <Paper
      withBorder
      p="xs"
      tabIndex={0}
      data-testid="attachment-drop-zone"
      aria-label="Add attachments: drop or paste files here"
      style={{ borderStyle: 'dashed', borderColor: isOver ? 'var(--mantine-color-blue-6)' : '' }}
      onDragOver={(event) => {
        event.preventDefault();
        setIsOver(true);
      }}
      onDragLeave={() => setIsOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setIsOver(false);
        add([...event.dataTransfer.files]);
      }}
      onPaste={(event) => {
        const files = filesFromClipboard(event.clipboardData);
        if (files.length) {
          event.preventDefault();
          add(files);
        }
      }}
    >
      <Group gap="xs">
        <Button size="xs" variant="light" onClick={() => input.current?.click()}>
          Add files
        </Button>
        {extra}
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        Or drop files here, or click here and paste.
      </Text>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        aria-label="Choose files to attach"
        onChange={(event) => {
          add([...(event.currentTarget.files ?? [])]);
          event.currentTarget.value = '';
        }}
      />
    </Paper>
  );
}
