import { setFlagsFromString } from 'node:v8';
import type { GcConfig } from './config';

/**
 * The V8 flag {@link tuneGarbageCollector} sets: buffer memory (external to V8's heap) counts
 * towards the heap's own growth limit, instead of setting off a full collection of its own each
 * time it grows by 64 MB since the last one.
 */
export const EXTERNAL_MEMORY_FLAG = '--external-memory-accounted-in-global-limit';

/**
 * Tunes V8's collector for a server that streams files (issue 34, decision 0078). Every 64 KiB an
 * upload's socket reads is a new buffer (Node's HTTP parser copies each body piece), 20 MB per
 * 20 MB upload; by default V8 answers external memory growing by 64 MB with a full mark-compact
 * of the ~80 MB heap, in practice every second or third upload. With buffer memory counted in
 * the heap's global limit instead, the buffers are collected with the heap's ordinary
 * collections (measured: no full collection in 10 uploads, server CPU per upload down a third).
 * Runs first in `main` once the configuration is read, before the app's heap grows; an unknown
 * flag (a future V8 without it) is reported on stderr by V8 and changes nothing. With
 * `GC_BUFFERS_IN_HEAP_LIMIT=false` it sets nothing: dead buffers then go sooner (a host short of
 * memory), at the price of the full collections.
 */
export function tuneGarbageCollector(gc: GcConfig): void {
  if (gc.buffersInHeapLimit) setFlagsFromString(EXTERNAL_MEMORY_FLAG);
}
