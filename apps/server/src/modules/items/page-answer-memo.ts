import type { TPageItems } from '@waymark/core';
import { LRUCache } from 'lru-cache';
import type { JsonText } from '../../http/json-text';

/** What one page answer was built from: the cached reads it holds, by key and identity. */
export type PageAnswerSources = {
  /** Key and value of the sites read (`PageLookupCache.sites`). */
  sites: { key: string; value: object };
  /** Key and value of the path's items (`PageLookupCache.pathItems`); null when nothing matched. */
  path: { key: string; value: object } | null;
  /** Key and value of the chosen project's compiled URL rules (`PageLookupCache.rules`). */
  rules: { key: number; value: object } | null;
};

/** Whole page answers, each valid while the cached reads it was built from are still kept. */
export type PageAnswerMemo = {
  /** The answer kept for `key`, if the reads behind it are still the current ones. */
  get(key: string): JsonText<TPageItems> | undefined;
  /** Keeps `answer`, built from `sources`, for `key`. */
  set(key: string, sources: PageAnswerSources, answer: JsonText<TPageItems>): void;
};

/** Bytes of answers kept; a page answer of ten items is about 3 KB. */
const MAX_BYTES = 16 * 1024 * 1024;
// Key, entry and bookkeeping beside the answer's bytes, roughly.
const ENTRY_OVERHEAD_BYTES = 300;

type Entry = { sources: PageAnswerSources; answer: JsonText<TPageItems> };

/**
 * Creates the memo of whole page answers (issue 17); `isCurrent` says whether an answer's sources
 * are still the entries the page lookup's caches hold. It needs no invalidation of its own: an
 * answer is used only while both cached reads it came from are the very objects the change-fed
 * caches still hold, so any change that forgets one of them (on any server copy) retires it.
 */
export function createPageAnswerMemo(
  isCurrent: (sources: PageAnswerSources) => boolean,
): PageAnswerMemo {
  const answers = new LRUCache<string, Entry>({
    maxSize: MAX_BYTES,
    sizeCalculation: (entry, key) =>
      Buffer.byteLength(entry.answer.text) + key.length + ENTRY_OVERHEAD_BYTES,
  });
  return {
    get(key) {
      const entry = answers.get(key);
      if (!entry) return undefined;
      if (isCurrent(entry.sources)) return entry.answer;
      answers.delete(key);
      return undefined;
    },
    set(key, sources, answer) {
      answers.set(key, { sources, answer });
    },
  };
}
