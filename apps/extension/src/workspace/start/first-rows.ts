import type { RouteOutput, routes } from '@waymark/core';
import type { CallApi } from '../../api/index';
import { pageBody, rowsBody, type RowsBody } from '../rows-request';
import { parseView } from '../view-state';
import { markOnce } from './marks';

/** One page of a view's rows, as `listWorkspaceItems` answers it. */
export type RowsPage = RouteOutput<(typeof routes)['listWorkspaceItems']>;

/**
 * The first page of the table's rows, asked for by the page's entry before React and the
 * workspace's code load (docs/workspace.md, "First rows"); the rows' query takes it instead of
 * asking again, once, when its request is the same.
 */
export type FirstRows = {
  /** The answer if `body` is the request that was sent and nobody took it yet; else null. */
  take: (body: RowsBody) => Promise<RowsPage> | null;
  /**
   * Like `take`, but only an answer that has already arrived (so the first render can show the
   * rows at once instead of rendering twice); else null and the answer stays to be taken.
   */
  takeArrived: (body: RowsBody) => RowsPage | null;
};

/** No first rows asked for: the query asks itself. */
export const NO_FIRST_ROWS: FirstRows = { take: () => null, takeArrived: () => null };

/**
 * Asks for the first rows of the view in the address (`search`), when it shows a project's
 * table; the board's columns ask for their own cards, and without a project there are no rows.
 */
export function requestFirstRows(callApi: CallApi, search: string): FirstRows {
  const view = parseView(search);
  if (view.projectId === null || view.layout !== 'table') return NO_FIRST_ROWS;
  const sent = rowsBody(view);
  const key = JSON.stringify(sent);
  let answer: Promise<RowsPage> | null = callApi('listWorkspaceItems', {
    body: pageBody(sent, 0),
  });
  markOnce('rows-requested');
  let arrived: RowsPage | null = null;
  // Nobody may take it (the user changed the view meanwhile): a refusal is then nobody's error.
  answer
    .then((page) => {
      arrived = page;
      markOnce('rows-answered');
    })
    .catch(() => undefined);
  const take = (body: RowsBody) => {
    if (answer === null || JSON.stringify(body) !== key) return null;
    const taken = answer;
    answer = null;
    return taken;
  };
  return {
    take,
    takeArrived: (body) => (arrived !== null && take(body) !== null ? arrived : null),
  };
}
