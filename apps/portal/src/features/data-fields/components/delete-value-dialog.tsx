import { Select, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { formatCount } from '@waymark/core';
import { useState } from 'react';
import { useBanner } from '../../../components/banner/use-banner';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { getErrorMessage } from '../../../lib/error-message';
import { dataFieldKeys } from '../api/data-field-queries';
import type { OrgFieldConfig } from '../data-field-kinds';

/** Props of {@link DeleteValueDialog}. */
export type DeleteValueDialogProps = {
  config: OrgFieldConfig;
  /** The saved value to delete, or null when the dialog is closed. */
  value: { id: number; text: string } | null;
  /** Every saved value of the field, to choose a replacement from. */
  values: readonly { id: number; text: string }[];
  onClose: () => void;
  /** Called after the server deleted it. */
  onDeleted: () => void;
};

/**
 * spec §2 Delete Status / Delete Item Type. Says how many items use the value; while any do,
 * the admin chooses the value they get instead before Delete is enabled (issue 11: nothing is
 * silently orphaned).
 */
export function DeleteValueDialog({
  config,
  value,
  values,
  onClose,
  onDeleted,
}: DeleteValueDialogProps) {
  const { showBanner } = useBanner();
  const [replaceWith, setReplaceWith] = useState<string | null>(null);
  const id = value?.id ?? 0;
  const usage = useQuery({
    queryKey: dataFieldKeys.usage(config.noun, id),
    queryFn: () => config.countItems(id),
    enabled: value !== null,
    staleTime: 0,
  });
  const itemCount = usage.data ?? 0;
  const close = () => {
    setReplaceWith(null);
    onClose();
  };
  const remove = useMutation({
    mutationFn: () => config.remove(id, itemCount > 0 ? Number(replaceWith) : undefined),
    onSuccess: (text) => {
      showBanner(text);
      onDeleted();
      close();
    },
    onError: (error) => showBanner(getErrorMessage(error), 'error'),
  });
  const others = values.filter((candidate) => candidate.id !== id);
  return (
    <ConfirmDialog
      opened={value !== null}
      title={config.deleteTitle}
      confirmLabel="Delete"
      isConfirmDisabled={usage.isPending || (itemCount > 0 && replaceWith === null)}
      isWorking={remove.isPending}
      onConfirm={() => remove.mutate()}
      onClose={close}
    >
      {usage.isPending ? (
        <Text>Counting the items that use “{value?.text}”…</Text>
      ) : itemCount === 0 ? (
        <Text>
          Delete the {config.noun} “{value?.text}”? No item uses it.
        </Text>
      ) : (
        <>
          <Text>
            {formatCount(itemCount, 'item')} {itemCount === 1 ? 'uses' : 'use'} “{value?.text}”.
            Choose the {config.noun} they get instead, then delete it.
          </Text>
          <Select
            label={`New ${config.noun} for these items`}
            placeholder={`Select a ${config.noun}`}
            data={others.map((other) => ({ value: String(other.id), label: other.text }))}
            value={replaceWith}
            onChange={setReplaceWith}
            allowDeselect={false}
          />
        </>
      )}
    </ConfirmDialog>
  );
}
