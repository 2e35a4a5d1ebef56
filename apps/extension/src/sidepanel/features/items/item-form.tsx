import {
  Button,
  Group,
  Loader,
  NativeSelect,
  Stack,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { ACTION_LABELS, type Feature, type TItemDetail } from '@waymark/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useItemFormExtras } from './attachments/index';
import { ErrorAlert } from '../../shared/error-alert';
import { isSaveShortcut } from '../../shared/keyboard/shortcut-keys';
import { useCallApi } from '../../shared/use-call-api';
import { toFormValues, toItemFields, type ItemFormValues } from './item-form-values';
import { PlanGateNote } from '../../shared/plan-gate-note';
import classes from './item-form.module.css';
import { getItemGates } from './plan-gates';
import { toStoredHtml, type PickedMention } from './mention-text';
import { RichTextEditor } from './rich-text-editor';
import { useItemOptions } from './use-item-options';

/** Props of {@link ItemForm}. */
export type ItemFormProps = {
  orgId: number;
  projectId: number;
  /** The page path a new item is recorded on. */
  relativePath: string;
  /** The item to edit; null creates one. */
  item: TItemDetail | null;
  /** The organization's plan features: fields the plan lacks are shown disabled, with a note. */
  planFeatures: readonly Feature[];
  onSaved: (item: TItemDetail) => void;
  onCancel: () => void;
};

/** Creates an item on the current page, or edits one: every field of spec §1. */
export function ItemForm({
  orgId,
  projectId,
  relativePath,
  item,
  planFeatures,
  onSaved,
  onCancel,
}: ItemFormProps) {
  const callApi = useCallApi();
  const gates = getItemGates(planFeatures);
  const options = useItemOptions(orgId, projectId);
  const [values, setValues] = useState<ItemFormValues | null>(null);
  // Who the description mentions: those it had (they stay mentions) and those picked since.
  const [picked, setPicked] = useState<PickedMention[]>(() => item?.descriptionMentions ?? []);
  const extras = useItemFormExtras(item, planFeatures);
  const typeName = (form: ItemFormValues) =>
    options.types.find((type) => String(type.itemTypeId) === form.itemTypeId)?.itemTypeDescription;
  const save = useMutation({
    mutationFn: ({ descriptionHtml, ...rest }: ItemFormValues) => {
      const form = { ...rest, descriptionHtml: toStoredHtml(descriptionHtml, picked) };
      return item
        ? callApi('updateItem', { body: { itemId: item.itemId, ...toItemFields(form, gates) } })
        : callApi('createItem', {
            body: {
              projectId,
              relativePath,
              ...toItemFields(
                {
                  ...form,
                  descriptionHtml: extras.descriptionFor(typeName(form), form.descriptionHtml),
                },
                gates,
              ),
            },
          });
    },
    onSuccess: (saved) => {
      extras.afterSave(saved.itemId);
      onSaved(saved);
    },
  });
  if (options.isPending) return <Loader size="sm" aria-label="Loading the item's choices" />;
  if (options.error) return <ErrorAlert error={options.error} title="Cannot load the choices" />;
  const form =
    values ??
    toFormValues(item, {
      itemTypeId: options.types[0]?.itemTypeId,
      itemStatusId: options.statuses[0]?.itemStatusId,
    });
  const set = (field: keyof ItemFormValues) => (value: string) =>
    setValues({ ...form, [field]: value });
  const onInput = (field: keyof ItemFormValues) => (event: { currentTarget: { value: string } }) =>
    set(field)(event.currentTarget.value);
  return (
    <Stack
      component="form"
      gap="sm"
      aria-label={item ? 'Edit item' : ACTION_LABELS.addItem}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(form);
      }}
      onKeyDown={(event) => {
        if (isSaveShortcut(event)) {
          event.preventDefault();
          event.currentTarget.closest('form')?.requestSubmit();
        }
      }}
    >
      <Title order={2} size="h5">
        {item ? 'Edit item' : `New item on ${relativePath}`}
      </Title>
      {/* Issue 25: the title is what every item needs, so it comes first and takes the focus
          (also when the form opens with the `n` shortcut). */}
      <TextInput label="Title" required autoFocus value={form.title} onChange={onInput('title')} />
      <NativeSelect
        label="Type"
        value={form.itemTypeId}
        onChange={onInput('itemTypeId')}
        data={options.types.map((type) => ({
          value: String(type.itemTypeId),
          label: type.itemTypeDescription,
        }))}
      />
      <NativeSelect
        label="Status"
        value={form.itemStatusId}
        onChange={onInput('itemStatusId')}
        data={options.statuses.map((status) => ({
          value: String(status.itemStatusId),
          label: status.itemStatusDescription,
        }))}
      />
      <RichTextEditor
        label="Description"
        initialHtml={form.descriptionHtml}
        onChange={set('descriptionHtml')}
        people={options.assignees}
        onPick={(person) => setPicked((current) => [...current, person])}
      />
      <TextInput
        label="Tags"
        description={
          gates.canTag ? 'Separate tags with commas' : <PlanGateNote feature="itemTagging" />
        }
        disabled={!gates.canTag}
        value={form.tags}
        onChange={onInput('tags')}
      />
      <NativeSelect
        label="Assignee"
        value={form.assigneeUserId}
        onChange={onInput('assigneeUserId')}
        data={[
          { value: '', label: 'Nobody' },
          ...options.assignees.map((person) => ({
            value: String(person.userId),
            label: person.fullName,
          })),
        ]}
      />
      <NativeSelect
        label="Release"
        description={gates.canSetRelease ? undefined : <PlanGateNote feature="releaseManagement" />}
        disabled={!gates.canSetRelease}
        value={form.releaseId}
        onChange={onInput('releaseId')}
        data={[
          { value: '', label: 'None' },
          ...options.releases.map((release) => ({
            value: String(release.releaseId),
            label: release.releaseTitle,
          })),
        ]}
      />
      <Textarea
        label="External links"
        description={
          gates.canAddLinks ? (
            'One http(s) address per line'
          ) : (
            <PlanGateNote feature="externalSites" />
          )
        }
        disabled={!gates.canAddLinks}
        autosize
        minRows={2}
        value={form.externalUrls}
        onChange={onInput('externalUrls')}
      />
      {extras.render(typeName(form))}
      {save.isError && <ErrorAlert error={save.error} title="The item was not saved" />}
      {/* Issue 25: at 420 × 720 the form is taller than the panel; the save action stays in view. */}
      <Group justify="flex-end" gap="xs" className={classes.footer}>
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending} title="Ctrl+Enter (⌘+Enter on a Mac)">
          {item ? 'Save changes' : 'Create item'}
        </Button>
      </Group>
    </Stack>
  );
}
