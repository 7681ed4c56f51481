/**
 * An RFC 4180 CSV reader for imports: quoted fields may hold separators, quotes and line breaks;
 * the separator is the first of `,`, `;` or a tab found in the header line (spreadsheets in many
 * European locales write `;`).
 */
import { badRequest } from '../http/errors';

const SEPARATORS = [',', ';', '\t'];

function separatorOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  let best = ',';
  let most = 0;
  for (const separator of SEPARATORS) {
    const count = firstLine.split(separator).length - 1;
    if (count > most) [best, most] = [separator, count];
  }
  return best;
}

/**
 * The rows of CSV text, the separator guessed from the header line unless given; a quote left
 * open is refused with the line it started on.
 */
export function readCsv(text: string, separator = separatorOf(text)): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let quoteLine = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n') line++;
        field += ch;
      }
    } else if (ch === '"' && field === '') {
      quoted = true;
      quoteLine = line;
    } else if (ch === separator) {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      line++;
    } else field += ch;
  }
  if (quoted) throw badRequest(`The file's quote opened on line ${quoteLine} is never closed.`);
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}
