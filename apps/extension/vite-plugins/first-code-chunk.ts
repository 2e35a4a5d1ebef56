import type { OutputBundle, OutputChunk } from 'rolldown';
import { build, type InlineConfig } from 'vite';
import { panelCodeChunks } from './preload-panel-code';

/** The chunks an entry chunk loads before it runs: itself and what it imports, statically. */
function entryChunks(bundle: OutputBundle, entryName: string): OutputChunk[] {
  const entry = Object.values(bundle).find(
    (output): output is OutputChunk =>
      output.type === 'chunk' && output.isEntry && output.name === entryName,
  );
  if (!entry) throw new Error(`first-code-chunk: no entry chunk named ${entryName}`);
  const seen = new Map<string, OutputChunk>();
  const visit = (chunk: OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const file of chunk.imports) {
      const next = bundle[file];
      if (next?.type === 'chunk') visit(next);
    }
  };
  visit(entry);
  return [...seen.values()];
}

/**
 * The modules a page's lazily imported module loads before it runs, minus those its entry has
 * already loaded, as the bundler's own chunking places them: `config` is built once in memory
 * and the modules of `lazyModule`'s chunk and of every chunk it imports are read from that
 * output. A code-splitting group of exactly these modules puts the page's first code into one
 * chunk: the set is closed under static imports (each chunk carries its imports), so that chunk
 * imports only the entry's chunks, which import none of it — no cycle (decision 0101). The
 * bundler decides what is tree-shaken and what the lazy views share, so no barrel is followed here.
 */
export async function firstCodeModules(
  config: InlineConfig,
  entryName: string,
  lazyModule: string,
): Promise<Set<string>> {
  const result = await build({
    ...config,
    configFile: false,
    logLevel: 'silent',
    build: { ...config.build, write: false, emptyOutDir: false },
  });
  if (!('output' in result)) throw new Error('first-code-chunk: expected one build output');
  const bundle: OutputBundle = Object.fromEntries(
    result.output.map((output) => [output.fileName, output]),
  );
  const loaded = new Set(entryChunks(bundle, entryName).flatMap((chunk) => chunk.moduleIds));
  return new Set(
    panelCodeChunks(bundle, lazyModule)
      .flatMap((chunk) => chunk.moduleIds)
      .filter((id) => !loaded.has(id)),
  );
}
