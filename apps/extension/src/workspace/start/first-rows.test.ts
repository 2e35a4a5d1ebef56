import { describe, expect, it, vi } from 'vitest';
import type { CallApi } from '../../api/index';
import { FIRST_PAGE_SIZE, rowsBody } from '../rows-request';
import { parseView } from '../view-state';
import { requestFirstRows } from './first-rows';

const PAGE = { total: 1, items: [] };

function fakeCallApi(answer: Promise<unknown> = Promise.resolve(PAGE)) {
  return vi.fn(() => answer) as unknown as CallApi & ReturnType<typeof vi.fn>;
}

describe('the first rows, asked for by the entry', () => {
  it("asks for the address's view's first page at once, and hands it over once", async () => {
    const search = '?org=2&project=3&status=1,2&sort=title.asc&q=safari';
    const callApi = fakeCallApi();
    const firstRows = requestFirstRows(callApi, search);
    expect(callApi).toHaveBeenCalledExactlyOnceWith('listWorkspaceItems', {
      body: {
        projectId: 3,
        filter: { text: 'safari', itemStatusIds: [1, 2] },
        sort: { column: 'title', direction: 'asc' },
        offset: 0,
        limit: FIRST_PAGE_SIZE,
      },
    });
    const body = rowsBody(parseView(search));
    await expect(firstRows.take(body)).resolves.toEqual(PAGE);
    // Taken: a refetch of the same view asks the server again.
    expect(firstRows.take(body)).toBeNull();
  });

  it('hands over an answer that arrived, and only once it has', async () => {
    let answer: (page: typeof PAGE) => void = () => undefined;
    const pending = new Promise<typeof PAGE>((done) => (answer = done));
    const firstRows = requestFirstRows(fakeCallApi(pending), '?org=2&project=3');
    const body = rowsBody(parseView('?org=2&project=3'));
    expect(firstRows.takeArrived(body)).toBeNull();
    answer(PAGE);
    await pending;
    await Promise.resolve();
    expect(firstRows.takeArrived(rowsBody(parseView('?org=2&project=4')))).toBeNull();
    expect(firstRows.takeArrived(body)).toEqual(PAGE);
    expect(firstRows.takeArrived(body)).toBeNull();
    expect(firstRows.take(body)).toBeNull();
  });

  it('is not handed to another view (the user changed it meanwhile), which asks itself', () => {
    const firstRows = requestFirstRows(fakeCallApi(), '?org=2&project=3');
    expect(firstRows.take(rowsBody(parseView('?org=2&project=3&sort=title.asc')))).toBeNull();
    expect(firstRows.take(rowsBody(parseView('?org=2&project=3')))).not.toBeNull();
  });

  it('asks nothing for the board (its columns ask for their cards) or without a project', () => {
    const callApi = fakeCallApi();
    for (const search of ['?org=2&project=3&layout=board', '?org=2', '']) {
      const firstRows = requestFirstRows(callApi, search);
      expect(firstRows.take(rowsBody(parseView(search)))).toBeNull();
    }
    expect(callApi).not.toHaveBeenCalled();
  });

  it('leaves a refusal to whoever takes the answer, and to nobody when nobody does', async () => {
    const refused = Promise.reject(new Error('Sign in from the Waymark panel first'));
    const firstRows = requestFirstRows(fakeCallApi(refused), '?org=2&project=3');
    await expect(firstRows.take(rowsBody(parseView('?org=2&project=3')))).rejects.toThrow(
      'Sign in',
    );
    // An answer nobody takes is no unhandled rejection (vitest would fail the run).
    requestFirstRows(fakeCallApi(Promise.reject(new Error('refused'))), '?org=2&project=4');
  });
});
