// CSV that spreadsheets open safely: RFC 4180 quoting, and no cell a spreadsheet would run as a formula.

// Where a spreadsheet may start a cell: a field separator of any common locale (`,`, or `;` where the decimal
// mark is a comma), a tab (pasted text) or a line break. A cell holding one is quoted; but a spreadsheet reading
// with another separator than ours ignores our quotes and splits the text there, so what follows each one must be
// neutralised too (OWASP "CSV Injection").
const NEEDS_QUOTES = /[",;\t\r\n]/;
// A formula character at the start of the cell or of any such piece, maybe behind whitespace a spreadsheet trims
// or quotes it drops: a single quote goes right before it, so the piece reads as text.
const PIECE_FORMULA = /(^|[,;\t\r\n])([\s"]*)(?=[=+\-@])/g;
// A cell that starts with a tab or a carriage return is text too (OWASP), whatever follows.
const BLANK_START = /^[\t\r]/;

export type CsvValue = string | number | null | undefined;

/**
 * One cell: a formula character that would start the cell, or a piece of it a spreadsheet could split off, gets a
 * single quote before it (shown as text); then a cell holding a separator, a quote or a line break is quoted, its
 * quotes doubled. Empty for null.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string') {
    text = text.replace(PIECE_FORMULA, "$1$2'");
    if (BLANK_START.test(text)) text = `'${text}`;
  }
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, ended by CRLF as RFC 4180 says. */
export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** Lets Excel read the file as UTF-8 (names with accents); other readers skip it. */
export const UTF8_BOM = '\uFEFF';
