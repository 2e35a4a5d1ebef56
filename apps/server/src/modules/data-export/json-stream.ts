/** Reads one batch of rows after the row id `afterId` (keyset paging), at most `limit` rows. */
export type BatchReader<T extends { id: number }> = (
  afterId: number,
  limit: number,
) => Promise<T[]>;

/** Rows read per query: small enough that one batch's JSON is a few hundred kilobytes at most. */
export const EXPORT_BATCH_ROWS = 250;

/**
 * Every row `read` finds, one batch at a time by ascending id: only one batch is ever held, so a
 * table of any size streams in constant memory.
 */
export async function* readInBatches<T extends { id: number }>(
  read: BatchReader<T>,
): AsyncGenerator<T[]> {
  let afterId = 0;
  for (;;) {
    const batch = await read(afterId, EXPORT_BATCH_ROWS);
    if (batch.length > 0) yield batch;
    if (batch.length < EXPORT_BATCH_ROWS) return;
    afterId = batch[batch.length - 1]!.id;
  }
}

/** A JSON array written piece by piece from `batches`: `[`, the rows comma-separated, `]`. */
export async function* jsonArray<T>(
  batches: AsyncIterable<T[]>,
  toJson: (row: T) => unknown = (row) => row,
): AsyncGenerator<string> {
  let isFirst = true;
  yield '[';
  for await (const batch of batches) {
    const text = batch.map((row) => JSON.stringify(toJson(row))).join(',\n');
    yield `${isFirst ? '\n' : ',\n'}${text}`;
    isFirst = false;
  }
  yield isFirst ? ']' : '\n]';
}
