// The trailing word: letters, digits and marks after a space, a parenthesis or the start.
// Anything else before it (a hyphen, a quote, punctuation) or after it (a closing quote) means it
// is not a plain word being typed.
const TRAILING_WORD = /(^|[\s(])([\p{L}\p{N}\p{M}]+)$/u;

/**
 * Whether the search text ends in a plain word the user may still be typing, which the search
 * then matches as a prefix ("leaves the pa" finds "page"). Not inside an open "phrase", for a
 * -excluded word or for the operator `or`: those keep their web-search meaning.
 */
export function endsInTypedWord(text: string): boolean {
  const word = TRAILING_WORD.exec(text)?.[2];
  if (!word || word.toLowerCase() === 'or') return false;
  return (text.match(/"/g) ?? []).length % 2 === 0;
}
