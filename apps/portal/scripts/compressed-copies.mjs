// The Brotli and gzip copies the server sends instead of a text file (@fastify/static
// `preCompressed`, and the pre-rendered pages in apps/server/src/http/portal-shell.ts).
import { writeFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Writes `<file>.br` and `<file>.gz` beside `file`, whose bytes are `source`, at best quality. */
export function writeCompressedCopies(file, source) {
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
  );
  writeFileSync(`${file}.gz`, gzipSync(source, { level: constants.Z_BEST_COMPRESSION }));
}
