// CSV that spreadsheets open safely: RFC 4180 quoting, and no cell a spreadsheet would run as a formula.

// A spreadsheet treats a cell starting with one of these as a formula (OWASP "CSV Injection").
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export type CsvValue = string | number | null | undefined;

/**
 * One cell: text that could start a formula gets a leading single quote (shown as text, the quote hidden),
 * then a cell holding a comma, a quote or a line break is quoted, its quotes doubled. Empty for null.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, ended by CRLF as RFC 4180 says. */
export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** Lets Excel read the file as UTF-8 (names with accents); other readers skip it. */
export const UTF8_BOM = '\uFEFF';
