import { describe, expect, it } from 'vitest';
import {
  descriptionHtmlOf,
  insertMention,
  mentionQueryAt,
  noteTextOf,
  toStoredHtml,
  toStoredText,
} from './mention-text';

describe('mention text', () => {
  it('finds the @query being typed, only after a space or at the start', () => {
    expect(mentionQueryAt('Hi @be', 6)).toEqual({ start: 3, query: 'be' });
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQueryAt('mail a@b', 8)).toBeNull();
    expect(mentionQueryAt('Hi @bea\nnext', 12)).toBeNull();
  });

  it('inserts the picked name and stores it as a token, longest names first', () => {
    const typed = insertMention('Hi @be', 3, 6, { userId: 5, fullName: 'Bea Baker' });
    expect(typed).toEqual({ text: 'Hi @Bea Baker ', caret: 14 });
    const people = [
      { userId: 1, fullName: 'Ann' },
      { userId: 2, fullName: 'Ann Lee' },
    ];
    expect(toStoredText('@Ann Lee and @Ann', people)).toBe('@[user:2] and @[user:1]');
    // A name deleted from the text is not mentioned.
    expect(toStoredText('nobody', people)).toBe('nobody');
  });

  it('shows a note with current names', () => {
    expect(
      noteTextOf({ text: 'Ask @[user:2]', mentions: [{ userId: 2, fullName: 'Ann Lee' }] }),
    ).toBe('Ask @Ann Lee');
  });

  it('shows a description with current names, HTML-escaped, and stores it back as tokens', () => {
    const people = [
      { userId: 4, fullName: 'Tom & Jerry' },
      { userId: 9, fullName: 'Bea Baker' },
    ];
    const shown = descriptionHtmlOf('<p>Ask <strong>@[user:4]</strong> and @[user:9]</p>', people);
    expect(shown).toBe('<p>Ask <strong>@Tom &amp; Jerry</strong> and @Bea Baker</p>');
    expect(toStoredHtml(shown, people)).toBe('<p>Ask <strong>@[user:4]</strong> and @[user:9]</p>');
    // Typed after a non-breaking space (the editor's), the query is still found.
    expect(mentionQueryAt('See\u00a0@be', 7)).toEqual({ start: 4, query: 'be' });
  });
});
