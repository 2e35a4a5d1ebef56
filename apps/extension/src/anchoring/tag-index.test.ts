// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createTagIndex } from './tag-index';

describe('createTagIndex', () => {
  it('proposes text-only elements by exact text, and the others when they may bear the name', () => {
    document.body.innerHTML = `<button id="a">Approve account 3</button>
      <button>Approve account 31</button>
      <button aria-label="Approve account 3">✓</button>
      <button>Approve account 3<span hidden>1</span></button>
      <button>Archive account 3</button>`;
    const found = createTagIndex(document)('button', 'Approve account 3');
    expect(found.map(({ element }) => element.outerHTML)).toEqual([
      '<button id="a">Approve account 3</button>',
      '<button aria-label="Approve account 3">✓</button>',
      '<button>Approve account 3<span hidden="">1</span></button>',
    ]);
  });
});
