import { rssMb } from '../lib/process-stats';
import { callJson, itemOptionIds } from './page-items';
import type { Scenario } from './types';
import { median } from '../lib/median';

// Issue 28: a 10,000-row CSV imported into a project — the dry run, the import (one transaction),
// and the same file again (every row recognised, nothing written). Each is timed once per round
// against the round trip of one createItem call measured in the same run: a row costs less than
// a tenth of what creating the item by itself costs when the import does its job.

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const ROUNDS = 2;
const BASELINE_CALLS = 30;

let server = '';
let owner = '';
let ownerEmail = '';
let orgId = 0;
let pid = 0;
let itemTypeId = 0;
let itemStatusId = 0;

/** A CSV as a team would bring it: every column the import reads, 500 pages, text cells. */
function buildCsv(rows: number, email: string): string {
  const lines = ['external id,url,title,type,status,description,tags,assignee email,release'];
  for (let n = 1; n <= rows; n += 1)
    lines.push(
      [
        `BENCH-${n}`,
        `https://import.bench.test/page/${n % 500}?from=csv`,
        `"Imported item ${n}, with a comma"`,
        n % 3 === 0 ? 'Requirement' : 'Bug',
        n % 2 === 0 ? 'Open' : 'In Progress',
        `"Steps to reproduce ${n}.\nThe total leaves the page on narrow screens."`,
        `"area-${n % 7}, tag-${n % 50}"`,
        n % 2 === 0 ? email : '',
        '',
      ].join(','),
    );
  return `${lines.join('\r\n')}\r\n`;
}

async function newProject(name: string): Promise<number> {
  const { projectId } = await callJson<{ projectId: number }>(
    `${server}/api/project/createProject`,
    owner,
    {
      method: 'POST',
      body: JSON.stringify({ orgId, projectName: name, baseUrl: 'https://import.bench.test' }),
    },
  );
  return projectId;
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T; rss: number }> {
  const before = rssMb(pid);
  const start = performance.now();
  const value = await work();
  return { ms: performance.now() - start, value, rss: rssMb(pid) - before };
}

/** Issue 28: CSV import of 10,000 rows. */
export const itemImportScenario: Scenario = {
  name: 'item-import',
  description: `CSV import (issue 28): a ${ROWS.toLocaleString('en-US')}-row file — dry run, import in one transaction, and the same file again — against one createItem round trip.`,
  prepare: async (serverUrl, context) => {
    server = serverUrl;
    pid = context.serverPid;
    ownerEmail = 'import-owner@bench.test';
    owner = await context.signToken({ subject: 'import-owner', email: ownerEmail });
    await callJson(`${serverUrl}/api/account/createOrgExistingUser`, owner, {
      method: 'POST',
      body: JSON.stringify({ orgName: 'Import bench' }),
    });
    const [org] = await callJson<{ orgId: number }[]>(`${serverUrl}/api/account/getOrgs`, owner);
    orgId = org?.orgId ?? 0;
    const { typeIds, statusIds } = await itemOptionIds(serverUrl, owner, orgId);
    itemTypeId = typeIds[0] ?? 0;
    itemStatusId = statusIds[0] ?? 0;
    return { baseline: { label: 'ping', url: `${serverUrl}/api/ping` }, targets: [] };
  },
  run: async () => {
    const csv = buildCsv(ROWS, ownerEmail);
    const single = await newProject('Single items');
    const creates: number[] = [];
    for (let n = 0; n < BASELINE_CALLS; n += 1) {
      const start = performance.now();
      await callJson(`${server}/api/item/createItem`, owner, {
        method: 'POST',
        body: JSON.stringify({
          projectId: single,
          relativePath: `/page/${n}`,
          title: `Single ${n}`,
          itemTypeId,
          itemStatusId,
          descriptionHtml: '<p>Steps to reproduce.</p>',
          tags: ['area-1', 'tag-1'],
        }),
      });
      creates.push(performance.now() - start);
    }
    const create = median(creates);
    type Result = { created: number; unchanged: number; refused: number };
    const importAs = (projectId: number, dryRun: boolean) =>
      callJson<Result>(`${server}/api/workspace/importItems`, owner, {
        method: 'POST',
        body: JSON.stringify({ projectId, csv, dryRun }),
      });
    const rows: string[] = [];
    const perRow = (ms: number) => ms / ROWS;
    const line = (what: string, run: { ms: number; rss: number }, outcome: string) =>
      `| ${what} | ${(run.ms / 1000).toFixed(1)} s | ${perRow(run.ms).toFixed(2)} ms | ${(perRow(run.ms) / create).toFixed(2)} | ${run.rss.toFixed(0)} MB | ${outcome} |`;
    for (let round = 1; round <= ROUNDS; round += 1) {
      const projectId = await newProject(`Imported ${round}`);
      const dry = await timed(() => importAs(projectId, true));
      const real = await timed(() => importAs(projectId, false));
      const again = await timed(() => importAs(projectId, false));
      const said = (result: Result) =>
        `${result.created} created, ${result.unchanged} unchanged, ${result.refused} refused`;
      rows.push(
        line(`round ${round}: dry run`, dry, said(dry.value)),
        line(`round ${round}: import`, real, said(real.value)),
        line(`round ${round}: same file again`, again, said(again.value)),
      );
    }
    return [
      `Run ${new Date().toISOString().slice(0, 10)} · a ${ROWS.toLocaleString('en-US')}-row CSV of ${(csv.length / 1e6).toFixed(1)} MB (every column: full URLs on 500 pages, types and statuses by name, two-line descriptions, two tags, an assignee e-mail on every other row) · baseline: one \`createItem\` call with two tags, median of ${BASELINE_CALLS} sequential calls: **${create.toFixed(1)} ms**.`,
      '',
      '| what | time | per row | ratio per row to one createItem | server RSS change | rows |',
      '|---|---:|---:|---:|---:|---|',
      ...rows,
    ];
  },
};
