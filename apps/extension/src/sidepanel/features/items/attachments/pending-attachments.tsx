import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { formatBytes, type Feature } from '@waymark/core';
import { PlanGateNote } from '../../../shared/plan-gate-note';
import { CaptureTools } from './capture-tools';
import { FileDropZone } from './file-drop-zone';

/**
 * Attachments of an item not created yet: files are collected here and uploaded once the item
 * exists (their progress then shows in the item).
 */
export function PendingAttachments({
  files,
  planFeatures,
  onChange,
}: {
  files: readonly File[];
  planFeatures: readonly Feature[];
  onChange: (files: File[]) => void;
}) {
  const add = (added: readonly File[]) => onChange([...files, ...added]);
  return (
    <Stack gap="xs" component="section" aria-label="Attachments">
      <Title order={3} size="h6">
        Attachments
      </Title>
      {planFeatures.includes('attachments') ? (
        <FileDropZone onFiles={add} extra={<CaptureTools onFiles={add} />} />
      ) : (
        <PlanGateNote feature="attachments" />
      )}
      {files.map((file, index) => (
        <Group key={`${file.name}-${index}`} justify="space-between" wrap="nowrap">
          <Text size="xs" truncate>
            {file.name} · {formatBytes(file.size)} · attached when the item is created
          </Text>
          <Button
            size="compact-xs"
            variant="subtle"
            aria-label={`Remove ${file.name}`}
            onClick={() => onChange(files.filter((_, other) => other !== index))}
          >
            Remove
          </Button>
        </Group>
      ))}
    </Stack>
  );
}
