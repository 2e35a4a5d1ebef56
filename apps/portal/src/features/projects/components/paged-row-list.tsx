import {
  EditableRowList,
  type EditableRowListProps,
} from '../../../components/editable-row-list/editable-row-list';
import { Pager } from '../../../components/pager/pager';
import { slicePage } from '../../../lib/paging';

/** Props of {@link PagedRowList}: an editable list's props plus its paging. */
export type PagedRowListProps = EditableRowListProps & {
  /** The page shown, from 1. */
  page: number;
  /** spec §9: rows per page (3 for domains and URL paths). */
  pageSize: number;
  /** What is paged, for the arrows' names. */
  pageLabel: string;
  onPageChange: (page: number) => void;
};

/** spec §2: editable rows shown a page at a time, with "x - y of n" and previous/next arrows. */
export function PagedRowList({
  page,
  pageSize,
  pageLabel,
  onPageChange,
  ...list
}: PagedRowListProps) {
  const shown = slicePage(list.rows, page, pageSize);
  return (
    <>
      <EditableRowList {...list} rows={shown.rows} />
      <Pager
        rangeLabel={shown.rangeLabel}
        page={shown.page}
        pageCount={shown.pageCount}
        label={pageLabel}
        onPageChange={onPageChange}
      />
    </>
  );
}
