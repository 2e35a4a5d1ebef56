import { formatFeatureLimit, hasFeature } from '@waymark/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { EditableRow } from '../../../lib/editable-rows';
import { useOrgPlan } from '../../../lib/org-plan';
import { readOrgId } from '../../../lib/org-storage';
import { useRowEditor } from '../../../lib/use-row-editor';
import { orgFieldQuery } from '../api/data-field-queries';
import { checkDataFieldName } from '../check-data-field-name';
import { ORG_FIELDS, type OrgFieldKind } from '../data-field-kinds';
import { useSaveFeedback } from '../use-save-feedback';
import { DeleteValueDialog } from './delete-value-dialog';
import { FieldPanelBody } from './field-panel-body';

/** spec §2 Status or Item Type panel of the selected organization. */
export function OrgFieldPanel({ kind }: { kind: OrgFieldKind }) {
  const config = ORG_FIELDS[kind];
  const orgId = readOrgId();
  const plan = useOrgPlan();
  const query = useQuery(orgFieldQuery(kind, orgId));
  const editor = useRowEditor({
    values: query.data,
    checkText: checkDataFieldName,
    sendCreate: (text) => config.save(orgId, text),
    sendUpdate: (id, text) => config.save(orgId, text, id),
    reload: async () => (await query.refetch()).data,
  });
  const showFeedback = useSaveFeedback();
  const [removing, setRemoving] = useState<EditableRow | null>(null);
  // spec §9: custom statuses and item types are Standard and up; the server refuses otherwise.
  const canEdit = plan !== undefined && hasFeature(plan, config.feature);
  const onRemove = (row: EditableRow) => {
    // Issue 11: an unsaved row just goes; a saved one is confirmed first.
    if (row.id === null) editor.drop(row.key);
    else setRemoving(row);
  };
  return (
    <>
      <FieldPanelBody
        title={config.title}
        placeholder={config.placeholder}
        editor={editor}
        canEdit={canEdit}
        notice={plan && !canEdit ? formatFeatureLimit(plan, config.feature) : null}
        emptyText={`No ${config.noun} yet.`}
        onRemove={onRemove}
        onSave={() => void editor.save().then(showFeedback)}
      />
      <DeleteValueDialog
        config={config}
        value={removing?.id ? { id: removing.id, text: removing.original } : null}
        values={query.data ?? []}
        onClose={() => setRemoving(null)}
        onDeleted={() => {
          if (removing) editor.drop(removing.key);
          void query.refetch();
        }}
      />
    </>
  );
}
