import { BULK_EDIT_MAX } from '@waymark/core';
import { rssMb } from '../lib/process-stats';
import { callJson } from './page-items';
import type { Scenario } from './types';
import { median } from '../lib/median';

// Issue 28: the workspace's bulk edit at its limit — a status and a tag on 500 items, then its
// undo — each in one transaction, timed per item against one single item edit (updateItem) in the
// same run: a bulk edit should cost an item less than editing it alone does.

const ITEMS = BULK_EDIT_MAX;
const ROUNDS = Number(process.env.BENCH_BULK_ROUNDS ?? 3);
const BASELINE_CALLS = 30;

let server = '';
let owner = '';
let pid = 0;
let projectId = 0;
let statusIds: number[] = [];
const itemIds: number[] = [];

const post = <T>(path: string, body: object) =>
  callJson<T>(`${server}${path}`, owner, { method: 'POST', body: JSON.stringify(body) });

type BulkResult = {
  changedItemIds: number[];
  before: { itemId: number; itemStatusId: number; tags: string[] }[];
};

/** Issue 28: bulk edit of 500 items and its undo. */
export const bulkEditScenario: Scenario = {
  name: 'bulk-edit',
  description: `Bulk edit (issue 28): a status and a tag on ${ITEMS} items in one call, then its undo, against one single-item edit (updateItem) measured in the same run.`,
  prepare: async (serverUrl, context) => {
    server = serverUrl;
    pid = context.serverPid;
    const baseline = { label: 'ping', url: `${serverUrl}/api/ping` };
    // An A/B prepares again before each variant, on the same data: seeded once.
    if (itemIds.length > 0) return { baseline, targets: [] };
    owner = await context.signToken({ subject: 'bulk-owner', email: 'bulk-owner@bench.test' });
    await post('/api/account/createOrgExistingUser', { orgName: 'Bulk bench' });
    const [org] = await callJson<{ orgId: number }[]>(`${serverUrl}/api/account/getOrgs`, owner);
    const orgId = org?.orgId ?? 0;
    const [type] = await callJson<{ itemTypeId: number }[]>(
      `${serverUrl}/api/item/getItemTypeOptions/${orgId}`,
      owner,
    );
    const statuses = await callJson<{ itemStatusId: number }[]>(
      `${serverUrl}/api/item/getStatusOptions/${orgId}`,
      owner,
    );
    statusIds = statuses.map((status) => status.itemStatusId);
    ({ projectId } = await post<{ projectId: number }>('/api/project/createProject', {
      orgId,
      projectName: 'Bulk edited',
      baseUrl: 'https://bulk.bench.test',
    }));
    // 50 pages of 10, each item with a tag and a description, as a triaged backlog would be.
    for (let n = 0; n < ITEMS; n += 1) {
      const { itemId } = await post<{ itemId: number }>('/api/item/createItem', {
        projectId,
        relativePath: `/page/${n % 50}`,
        title: `Backlog item ${n}`,
        itemTypeId: type?.itemTypeId ?? 0,
        itemStatusId: statusIds[0] ?? 0,
        descriptionHtml: '<p>Steps to reproduce: open the page, resize it.</p>',
        tags: [`area-${n % 7}`],
      });
      itemIds.push(itemId);
    }
    return { baseline, targets: [] };
  },
  run: async () => {
    const single: number[] = [];
    for (let n = 0; n < BASELINE_CALLS; n += 1) {
      const start = performance.now();
      await post('/api/item/updateItem', {
        itemId: itemIds[n] ?? 0,
        itemStatusId: statusIds[1 + (n % 2)] ?? 0,
        tags: [`area-${n % 7}`, 'single'],
      });
      single.push(performance.now() - start);
    }
    const edit = median(single);
    const rows: string[] = [];
    const line = (what: string, ms: number, rss: number, changed: number) => {
      const perItem = ms / ITEMS;
      return `| ${what} | ${(ms / 1000).toFixed(2)} s | ${perItem.toFixed(2)} ms | ${(perItem / edit).toFixed(2)} | ${rss.toFixed(0)} MB | ${changed} |`;
    };
    for (let round = 1; round <= ROUNDS; round += 1) {
      const rssBefore = rssMb(pid);
      let start = performance.now();
      const bulk = await post<BulkResult>('/api/workspace/bulkUpdateItems', {
        projectId,
        itemIds,
        change: {
          itemStatusId: statusIds[3 + (round % 2)] ?? statusIds[1],
          addTags: [`bulk-${round}`],
        },
      });
      const bulkMs = performance.now() - start;
      start = performance.now();
      const undo = await post<BulkResult>('/api/workspace/restoreItems', {
        projectId,
        items: bulk.before,
      });
      const undoMs = performance.now() - start;
      const rss = rssMb(pid) - rssBefore;
      rows.push(
        line(`round ${round}: bulk edit`, bulkMs, rss, bulk.changedItemIds.length),
        line(`round ${round}: undo`, undoMs, rss, undo.changedItemIds.length),
      );
    }
    return [
      `Run ${new Date().toISOString().slice(0, 10)} · ${ITEMS} items on 50 pages (a tag and a description each) · each round: one bulk edit (a status and a new tag on every item), then its undo · baseline: one \`updateItem\` call (a status and a tag), median of ${BASELINE_CALLS} sequential calls: **${edit.toFixed(1)} ms**.`,
      '',
      '| what | time | per item | ratio per item to one updateItem | server RSS change (round) | items changed |',
      '|---|---:|---:|---:|---:|---:|',
      ...rows,
    ];
  },
};
