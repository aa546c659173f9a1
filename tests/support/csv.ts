/**
 * Reads CSV into rows of cells: RFC 4180 (CRLF records, quoted cells with doubled quotes) with `,`, or as a
 * spreadsheet set to another separator (`;` in locales whose decimal mark is a comma, a tab for pasted text)
 * reads the same file. Text after a closing quote joins the cell, as spreadsheets do.
 */
export function parseCsv(text: string, separator: ',' | ';' | '\t' = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === separator) {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) throw new Error('the CSV does not end with CRLF');
  return rows;
}
