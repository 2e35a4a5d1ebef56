import type { TWorkspaceFilter } from '@waymark/core';
import type { FastifyReply } from 'fastify';
import { Readable } from 'node:stream';
import type { Db } from '../../db/client';
import type { ProjectScope } from '../access/index';
import { exportProjectItems } from '../items/index';
import { csvHead, csvRows, markdownHead, markdownRows, type ExportFormat } from './export-formats';

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
  markdown: 'text/markdown; charset=utf-8',
};
const EXTENSIONS: Record<ExportFormat, string> = { csv: 'csv', json: 'json', markdown: 'md' };

/**
 * The export's text, piece by piece: a head, then one piece per batch of items for CSV and
 * Markdown, and one per item for JSON (2.75× the CSV's bytes): a batch of 250 items joined into
 * one ~125 kB string, built beside its 250 pieces and kept until the socket took it, was what
 * made JSON's memory peaks; an item's ~500 bytes are written on their own (decision 0064).
 */
async function* exportText(
  deps: { db: Db },
  scope: ProjectScope,
  filter: TWorkspaceFilter,
  format: ExportFormat,
): AsyncGenerator<string> {
  if (format === 'csv') yield csvHead();
  if (format === 'markdown') yield markdownHead(`Project ${scope.projectId} items`);
  if (format === 'json') yield '[';
  // JSON only: whether no item has been written yet (its separator).
  let isFirst = true;
  for await (const batch of exportProjectItems(deps, scope, filter)) {
    if (format === 'csv') yield csvRows(batch);
    else if (format === 'markdown') yield markdownRows(batch);
    else
      for (const item of batch) {
        yield `${isFirst ? '\n' : ',\n'}${JSON.stringify(item)}`;
        isFirst = false;
      }
  }
  if (format === 'json') yield '\n]\n';
}

/**
 * Sends the project's items matching `filter` as a download, streamed: the response is written
 * batch by batch as the database answers (backpressure from the socket pauses the reads), so a
 * 100,000-item project exports in constant memory.
 */
export function sendExport(
  reply: FastifyReply,
  deps: { db: Db },
  scope: ProjectScope,
  input: { filter: TWorkspaceFilter; format: ExportFormat },
): FastifyReply {
  const fileName = `waymark-project-${scope.projectId}-items.${EXTENSIONS[input.format]}`;
  return reply
    .header('content-type', CONTENT_TYPES[input.format])
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(
      // One batch's text read ahead at most (an object stream's default is 16): with a slow
      // client, the next database read waits for the socket instead of piling batches up.
      Readable.from(exportText(deps, scope, input.filter, input.format), { highWaterMark: 1 }),
    );
}
