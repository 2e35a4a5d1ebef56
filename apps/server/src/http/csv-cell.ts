// OWASP's CSV injection advice: a cell a spreadsheet would read as a formula starts with one of
// these; a leading apostrophe makes it text (shown without the apostrophe in Excel and Sheets).
const FORMULA_START = /^[=+\-@\t\r]/;

/** A CSV cell that a spreadsheet shows as text, never evaluates (workspace and audit exports). */
export function neutralizeFormula(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}
