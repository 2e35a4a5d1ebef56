import { Button, Divider, Group, Loader, Stack, Title } from '@mantine/core';
import type { Feature } from '@waymark/core';
import { AttachmentsSection } from './attachments/index';
import { ErrorAlert } from '../../shared/error-alert';
import { DeleteItemButton } from './delete-item-button';
import { GrantAccessNotice } from './grant-access-notice';
import { HistoryTimeline } from './history-timeline';
import { ItemFields } from './item-fields';
import { PinSection, type PagePins } from './pins/index';
import { NotesThread } from './notes-thread';
import { getItemGates } from './plan-gates';
import { RelatedItems } from './related-items';
import { TrackerSection } from './tracker/index';
import { useItem } from '../../shared/data/use-item';
import { useReportChange } from '../../shared/data/use-report-change';
import { useIsOrgWritable } from '../../../ui/index';

/**
 * One item in full: fields, notes, related items and history, with edit and delete. Adding notes
 * and relating items is offered only when the plan (`planFeatures`) includes it.
 */
export function ItemDetail({
  itemId,
  planFeatures,
  pins,
  access,
  onBack,
  onEdit,
  onOpen,
  onDeleted,
}: {
  itemId: number;
  planFeatures: readonly Feature[];
  /** The page's location pins (issue 15). */
  pins: PagePins;
  /** The organization and whether the user administers it (an admin can grant access). */
  access: { orgId: number; isAdmin: boolean };
  onBack: () => void;
  onEdit: () => void;
  onOpen: (itemId: number) => void;
  onDeleted: () => void;
}) {
  const reportChange = useReportChange();
  const item = useItem(itemId);
  const gates = getItemGates(planFeatures);
  const isWritable = useIsOrgWritable();
  // The worker reloads this item and the page's list for every open panel (one path).
  const reload = () => reportChange([itemId]);
  return (
    <Stack gap="sm" component="article" aria-label="Item">
      <Group justify="space-between">
        <Button variant="subtle" size="compact-sm" onClick={onBack}>
          ← All items on this page
        </Button>
      </Group>
      {item.isPending && <Loader size="sm" aria-label="Loading the item" />}
      {item.isError && <ErrorAlert error={item.error} title="Cannot open this item" />}
      {item.data && (
        <>
          <Title order={2} size="h4">
            {item.data.title}
          </Title>
          {isWritable && (
            <Group gap="xs">
              <Button size="xs" onClick={onEdit}>
                Edit
              </Button>
              <DeleteItemButton itemId={itemId} title={item.data.title} onDeleted={onDeleted} />
            </Group>
          )}
          <ItemFields item={item.data} />
          {isWritable && item.data.descriptionMentions.some((person) => !person.canSeeProject) && (
            <GrantAccessNotice
              people={item.data.descriptionMentions.filter((person) => !person.canSeeProject)}
              projectId={item.data.projectId}
              access={access}
              onGranted={reload}
            />
          )}
          <PinSection pins={pins} itemId={itemId} canPin={planFeatures.includes('locationPins')} />
          <TrackerSection itemId={itemId} onChanged={reload} />
          <Divider />
          <NotesThread
            itemId={itemId}
            projectId={item.data.projectId}
            access={access}
            notes={item.data.notes}
            noteCount={item.data.noteCount}
            hasEarlier={item.data.hasEarlierNotes}
            canAdd={gates.canAddNotes}
            onChanged={reload}
          />
          <Divider />
          <RelatedItems
            itemId={itemId}
            related={item.data.relatedItems}
            canLink={gates.canRelate}
            onChanged={reload}
            onOpen={onOpen}
          />
          <Divider />
          <AttachmentsSection
            itemId={itemId}
            planFeatures={planFeatures}
            quotaOrgId={access.isAdmin ? access.orgId : undefined}
          />
          <Divider />
          <HistoryTimeline
            itemId={itemId}
            history={item.data.history}
            hasOlder={item.data.hasOlderHistory}
          />
        </>
      )}
    </Stack>
  );
}
