/**
 * A count with its noun, singular for one: `formatCount(1, 'item')` → "1 item",
 * `formatCount(3, 'item')` → "3 items". Server answers and portal dialogs word counts alike.
 */
export function formatCount(n: number, noun: string, pluralNoun = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : pluralNoun}`;
}
