import { useQueryClient } from '@tanstack/react-query';
import type { TAssigneeOption, TItemSummary, TStatus, TUpdateItemRequest } from '@waymark/core';
import type { PageSnapshot } from '../../../../messaging/index';
import { queryKeys } from '../../../shared/data/query-keys';
import { useCallApi } from '../../../shared/use-call-api';
import { itemKey } from '../../../shared/data/use-item';
import { useUndoNotices } from './undo-provider';

/** One field change of an item as the list applies it: shown at once, sent, undoable. */
export type ItemChange = {
  itemId: number;
  /** What the list shows until the server answers. */
  patch: Partial<TItemSummary>;
  /** What is sent to `updateItem`. */
  body: Omit<TUpdateItemRequest, 'itemId'>;
  /** Said with Undo once the server accepted it. */
  message: string;
  /** The title of the notice when the server refuses. */
  failTitle: string;
};

/** The change that sets `item`'s status to `status`, and the one that puts it back. */
export function statusChange(item: TItemSummary, status: TStatus): [ItemChange, ItemChange] {
  const to = (itemStatusId: number, itemStatusDescription: string): ItemChange => ({
    itemId: item.itemId,
    patch: { itemStatusId, itemStatusDescription },
    body: { itemStatusId },
    message: `Status of “${item.title}” set to ${itemStatusDescription}`,
    failTitle: 'The status was not changed',
  });
  return [
    to(status.itemStatusId, status.itemStatusDescription),
    to(item.itemStatusId, item.itemStatusDescription),
  ];
}

/** The change that assigns `item` to `person` (null: nobody), and the one that puts it back. */
export function assigneeChange(
  item: TItemSummary,
  person: Pick<TAssigneeOption, 'userId' | 'fullName'> | null,
): [ItemChange, ItemChange] {
  const to = (assignee: TItemSummary['assignee']): ItemChange => ({
    itemId: item.itemId,
    patch: { assignee },
    body: { assigneeUserId: assignee?.userId ?? null },
    message: assignee
      ? `“${item.title}” assigned to ${assignee.fullName}`
      : `“${item.title}” unassigned`,
    failTitle: 'The assignee was not changed',
  });
  return [to(person && { userId: person.userId, fullName: person.fullName }), to(item.assignee)];
}

/** The cached lists an item appears in: the page's items and project-wide search results. */
const PAGE_ITEMS = queryKeys.pages();
const PROJECT_SEARCH = queryKeys.projectSearches();

/**
 * Acting on items from the list: status and assignee changes shown at once (optimistic), undoable
 * for five seconds, rolled back with the server's message when it refuses; deletes hidden at once
 * and sent only when the undo window closes. `onChanged` runs after the server accepted a change.
 */
export function useItemActions(onChanged: () => void) {
  const callApi = useCallApi();
  const queryClient = useQueryClient();
  const notices = useUndoNotices();

  /** Applies `patch` to every cached list holding the item; returns what puts them back. */
  const patchLists = (itemId: number, patch: Partial<TItemSummary>) => {
    const saved = [
      ...queryClient.getQueriesData({ queryKey: PAGE_ITEMS }),
      ...queryClient.getQueriesData({ queryKey: PROJECT_SEARCH }),
    ];
    const apply = (items: TItemSummary[]) =>
      items.map((item) => (item.itemId === itemId ? { ...item, ...patch } : item));
    queryClient.setQueriesData<PageSnapshot>(
      { queryKey: PAGE_ITEMS },
      (snapshot) =>
        snapshot && { ...snapshot, page: { ...snapshot.page, items: apply(snapshot.page.items) } },
    );
    queryClient.setQueriesData<TItemSummary[]>({ queryKey: PROJECT_SEARCH }, (items) =>
      items ? apply(items) : items,
    );
    return () => {
      for (const [key, data] of saved) queryClient.setQueryData(key, data);
    };
  };

  const apply = async ([change, reverse]: [ItemChange, ItemChange], isUndoable: boolean) => {
    await queryClient.cancelQueries({ queryKey: PAGE_ITEMS });
    const rollback = patchLists(change.itemId, change.patch);
    try {
      await callApi('updateItem', { body: { itemId: change.itemId, ...change.body } });
    } catch (error) {
      rollback();
      notices.showError(change.failTitle, error as Error);
      return;
    }
    void queryClient.invalidateQueries({ queryKey: itemKey(change.itemId) });
    onChanged();
    if (isUndoable)
      notices.offerUndo(change.message, { onUndo: () => void apply([reverse, change], false) });
  };

  const remove = (item: TItemSummary) => {
    notices.hideItem(item.itemId);
    notices.offerUndo(`Deleted “${item.title}”`, {
      onUndo: () => notices.showItem(item.itemId),
      onExpire: () => {
        callApi('deleteItem', { params: { itemId: item.itemId } }).then(
          () => onChanged(),
          (error: Error) => {
            notices.showItem(item.itemId);
            notices.showError('The item was not deleted', error);
          },
        );
      },
    });
  };

  return {
    /** Changes one field of an item from the list, with undo. */
    change: (changes: [ItemChange, ItemChange]) => void apply(changes, true),
    /** Deletes an item from the list after the undo window. */
    remove,
  };
}

/** The list actions {@link useItemActions} returns. */
export type ItemActions = ReturnType<typeof useItemActions>;
