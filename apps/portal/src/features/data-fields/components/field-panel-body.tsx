import { Button, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { EditableRowList } from '../../../components/editable-row-list/editable-row-list';
import { Panel } from '../../../components/panel/panel';
import { PlanNotice } from '../../../components/plan-notice/plan-notice';
import type { EditableRow } from '../../../lib/editable-rows';
import type { useRowEditor } from '../../../lib/use-row-editor';

/** Props of {@link FieldPanelBody}. */
export type FieldPanelBodyProps = {
  /** spec §2 panel title: Status, Item Type or Release. */
  title: string;
  /** spec §2 row placeholder. */
  placeholder: string;
  editor: ReturnType<typeof useRowEditor>;
  /** Whether the plan allows changes; otherwise the panel is read-only. */
  canEdit: boolean;
  /** Why the panel is read-only, naming the plan to upgrade to; null when it is not. */
  notice: string | null;
  /** Add New is disabled (spec §5: no project chosen for releases). */
  isAddDisabled?: boolean;
  emptyText: string;
  /** Something above the rows (the Release panel's project dropdown). */
  header?: ReactNode;
  onRemove: (row: EditableRow) => void;
  onSave: () => void;
};

/** spec §2 Data Fields panel: rows, Add New, a remove icon per row and Save Changes. */
export function FieldPanelBody(props: FieldPanelBodyProps) {
  const { editor, canEdit } = props;
  return (
    <Panel title={props.title}>
      <Stack gap="sm">
        {props.header}
        {props.notice && <PlanNotice>{props.notice}</PlanNotice>}
        <EditableRowList
          rows={editor.rows}
          placeholder={props.placeholder}
          itemLabel={props.title}
          errors={editor.errors}
          isReadOnly={!canEdit}
          emptyText={props.emptyText}
          onChange={editor.change}
          onRemove={props.onRemove}
        />
        {canEdit && (
          <Group justify="space-between">
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={editor.add}
              disabled={props.isAddDisabled}
            >
              Add New
            </Button>
            {/* spec §4: Save Changes is disabled until a change is made, and again after saving. */}
            <Button onClick={props.onSave} disabled={!editor.isDirty} loading={editor.isSaving}>
              Save Changes
            </Button>
          </Group>
        )}
      </Stack>
    </Panel>
  );
}
