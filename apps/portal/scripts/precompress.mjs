// Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of the build, so the server
// (@fastify/static `preCompressed`) sends them compressed without compressing per request.
// Run after `vite build` (the portal's `build` script). Media (.mp4, .jpg) are already compressed.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeCompressedCopies } from './compressed-copies.mjs';

const DIST = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const EXTENSIONS = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt', '.vtt']);
// Below about a kilobyte the saving is smaller than a TCP packet and not worth a second file.
const MIN_BYTES = 1024;

/** Every file under `folder`, recursively. */
function listFiles(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = join(folder, entry.name);
    return entry.isDirectory() ? listFiles(full) : [full];
  });
}

let written = 0;
for (const file of listFiles(DIST)) {
  // The build manifest is for scripts/check-bundle.mjs, never served; the pre-rendered pages
  // come with their copies (scripts/prerender.mjs).
  const served = relative(DIST, file);
  if (!EXTENSIONS.has(extname(file)) || /^(\.vite|pages)[\\/]/.test(served)) continue;
  if (statSync(file).size < MIN_BYTES) continue;
  writeCompressedCopies(file, readFileSync(file));
  written += 1;
}
console.log(`precompress: ${written} files → .br and .gz`);
