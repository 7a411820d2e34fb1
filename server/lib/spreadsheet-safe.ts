/**
 * CSV cells no spreadsheet runs as formulas (OWASP's CSV-injection guidance). A spreadsheet reads
 * a cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return as a formula, and the file
 * may be opened with another separator than the one it was written with (`;` is Excel's default in
 * several European locales, tab on import), so a cell is split wherever `,` `;` tab `|` or a line
 * break appears. A single quote goes before every such character at the start of the cell and
 * after every separator (and the spaces after it): the spreadsheet then shows the text as it is.
 */

const FORMULA_TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r'])
const SEPARATORS = new Set([',', ';', '\t', '|', '\r', '\n'])

export function spreadsheetSafe(cell: string): string {
  let safe = ''
  // At the start of the cell, or of a piece another separator would split off (spaces skipped,
  // as an import that trims them would).
  let isPieceStart = true
  for (const char of cell) {
    if (isPieceStart && FORMULA_TRIGGERS.has(char)) safe += "'"
    safe += char
    if (SEPARATORS.has(char)) isPieceStart = true
    else if (char !== ' ') isPieceStart = false
  }
  return safe
}
