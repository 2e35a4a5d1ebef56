// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { textAround } from './text-around';
import { buildTextIndex } from './text-index';

describe('textAround', () => {
  it('reads the text either side of an element as its quote was cut, scripts left out', () => {
    document.body.innerHTML = `<p>Intro
      text</p><script>var x = 1;</script><div><button id="b">Save <b>now</b></button></div>
      <p>After   this</p><p>and more</p>`;
    const button = document.getElementById('b')!;
    const before = textAround(button, 'before', 10);
    const after = textAround(button, 'after', 10);
    expect(before).toBe('Intro text');
    expect(after).toBe('After this'); // enough for a 10-character suffix
    // Text nodes join as the page index joins them: no space between adjacent paragraphs.
    expect(textAround(button, 'after', 12)).toBe('After thisand more');
    // The same as the quote's context cut from the page's index.
    const index = buildTextIndex(document.body);
    const start = index.startOf(button)!;
    const end = start + 'Save now'.length;
    expect(textAround(button, 'before', 32)).toBe(index.text.slice(0, start).trim());
    expect(textAround(button, 'after', 32)).toBe(index.text.slice(end, end + 32).trim());
  });
});
