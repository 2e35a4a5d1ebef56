/** Elements per card of the bench page; 250 cards make the 5,000-element page. */
const CARDS = 250;

/**
 * A 5,000-element page (20 per card: section, heading, text, a list of 5 rows with a link and a
 * badge each, 2 buttons), every text distinct, no ids, as a large admin screen looks. With
 * `isDeployed`, a notice is inserted at the top of every card, so every structural selector
 * shifts and re-anchoring must fall back to role and text.
 */
export function renderBenchPage(): string {
  const cards: string[] = [];
  for (let card = 0; card < CARDS; card += 1) {
    const rows = Array.from(
      { length: 5 },
      (_, row) =>
        `<li><a href="#c${card}r${row}">Order ${card * 5 + row} of customer ${card}</a><span>${row % 2 ? 'paid' : 'due'}</span></li>`,
    ).join('');
    cards.push(
      `<section><h3>Account ${card}</h3><p>Invoices and orders of account ${card}.</p><ul>${rows}</ul><button>Approve account ${card}</button><button>Archive account ${card}</button></section>`,
    );
  }
  return `<!doctype html><html><head><meta charset="utf-8"><title>Bench</title></head><body><main>${cards.join('')}</main></body></html>`;
}
