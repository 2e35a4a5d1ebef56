import { compilePageRules, NO_PAGE_RULES, type TPageItems } from '@waymark/core';
import { describe, expect, it } from 'vitest';
import type { ChangeFeed } from '../../changes/change-feed';
import { createFakeChangeFeed } from '../../testing/fake-change-feed';
import { JsonText } from '../../http/json-text';
import type { PageAnswerSources } from './page-answer-memo';
import { createPageLookupCache, type PathItems } from './page-lookup-cache';

const ANSWER = new JsonText<TPageItems>('{"projects":[]}');
const PATH: PathItems = { projectId: 1, relativePathId: 7, itemsJson: '[]' };

// Fills both reads the way getPageItems does and keeps an answer built from them.
async function keptAnswer(feed: ChangeFeed) {
  const cache = createPageLookupCache(feed);
  const sites = await cache.sites.get('2||a.test', () => Promise.resolve({ rows: [] }));
  const path = await cache.pathItems.get('1|/p', () => Promise.resolve(PATH));
  const rules = await cache.rules.get(1, () =>
    Promise.resolve({ compiled: compilePageRules(NO_PAGE_RULES) }),
  );
  const sources: PageAnswerSources = {
    sites: { key: '2||a.test', value: sites },
    path: { key: '1|/p', value: path },
    rules: { key: 1, value: rules },
  };
  cache.answers.set('2|||https://a.test/p', sources, ANSWER);
  return cache;
}

describe('the page answer memo', () => {
  it("retires an answer when its project's URL rules change, on any copy", async () => {
    const feed = createFakeChangeFeed();
    const cache = await keptAnswer(feed);
    feed.emit({ table: 'url_templates', key: 2 });
    expect(cache.answers.get('2|||https://a.test/p')).toBe(ANSWER);
    feed.emit({ table: 'url_templates', key: 1 });
    expect(cache.answers.get('2|||https://a.test/p')).toBeUndefined();
  });

  it('answers the kept bytes while both reads behind them are kept', async () => {
    const cache = await keptAnswer(createFakeChangeFeed());
    expect(cache.answers.get('2|||https://a.test/p')).toBe(ANSWER);
    expect(cache.answers.get('2|||https://a.test/other')).toBeUndefined();
  });

  it('retires an answer when a change forgets its path items', async () => {
    const feed = createFakeChangeFeed();
    const cache = await keptAnswer(feed);
    feed.emit({ table: 'items', key: 8 });
    expect(cache.answers.get('2|||https://a.test/p')).toBe(ANSWER);
    feed.emit({ table: 'item_notes', key: 7 });
    expect(cache.answers.get('2|||https://a.test/p')).toBeUndefined();
  });

  it('retires an answer when the caller’s access may have changed', async () => {
    const feed = createFakeChangeFeed();
    const cache = await keptAnswer(feed);
    feed.emit({ table: 'org_members', key: 2 });
    expect(cache.answers.get('2|||https://a.test/p')).toBeUndefined();
  });

  it('does not trust an answer whose read was replaced by a newer one', async () => {
    const feed = createFakeChangeFeed();
    const cache = await keptAnswer(feed);
    feed.emit({ table: 'items', key: 7 });
    await cache.pathItems.get('1|/p', () => Promise.resolve({ ...PATH }));
    expect(cache.answers.get('2|||https://a.test/p')).toBeUndefined();
  });
});
