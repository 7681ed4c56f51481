/**
 * The first sheet of an XLSX workbook as rows of text: shared strings, inline strings, numbers
 * and booleans as written. A cell holding a formula is refused (its value would be a cached
 * result nobody checked). A date stored as a serial number is read as that number: clinics'
 * sheets hold dates as text, and exports written "as shown" do too.
 */
import { badRequest } from '../http/errors';
import { formulaText } from './formulas';
import { NOT_XLSX_TEXT, zipParts, type ZipParts } from './unzip';

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function unescapeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|lt|gt|amp|quot|apos);/gi, (_, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? '';
  });
}

/** The text of every <t> inside a piece of XML (a shared string may be split into runs). */
const textsOf = (xml: string): string =>
  [...xml.matchAll(/<t(?:\s[^>]*)?>([^<]*)<\/t>|<t(?:\s[^>]*)?\/>/g)]
    .map((m) => unescapeXml(m[1] ?? ''))
    .join('');

function sharedStrings(parts: ZipParts): string[] {
  const part = parts.get('xl/sharedStrings.xml');
  if (!part) return [];
  return [
    ...part()
      .toString('utf8')
      .matchAll(/<si>([\s\S]*?)<\/si>/g),
  ].map((m) => textsOf(m[1]!));
}

/** The first sheet's part: named by the workbook's relationships, else sheet1.xml. */
function firstSheet(parts: ZipParts): string {
  const workbook = parts.get('xl/workbook.xml')?.().toString('utf8');
  const rels = parts.get('xl/_rels/workbook.xml.rels')?.().toString('utf8');
  const id = workbook && /<sheet\s[^>]*r:id="([^"]+)"/.exec(workbook)?.[1];
  const target = id && rels && new RegExp(`Id="${id}"[^>]*Target="([^"]+)"`).exec(rels)?.[1];
  const alt = id && rels && new RegExp(`Target="([^"]+)"[^>]*Id="${id}"`).exec(rels)?.[1];
  const path = target || alt;
  if (path) return path.startsWith('/') ? path.slice(1) : `xl/${path}`;
  return 'xl/worksheets/sheet1.xml';
}

/** A column's index from a cell reference: A1 → 0, AB7 → 27. */
function columnOf(reference: string): number {
  let column = 0;
  for (const ch of reference.replace(/\d+$/, '')) column = column * 26 + ch.charCodeAt(0) - 64;
  return column - 1;
}

export function readXlsx(file: Buffer): string[][] {
  const parts = zipParts(file);
  const sheetPart = parts.get(firstSheet(parts));
  if (!sheetPart || !parts.has('[Content_Types].xml')) throw badRequest(NOT_XLSX_TEXT);
  const strings = sharedStrings(parts);
  const xml = sheetPart().toString('utf8');
  const rows: string[][] = [];
  for (const rowMatch of xml.matchAll(/<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g)) {
    const number = Number(/\br="(\d+)"/.exec(rowMatch[1]!)?.[1] ?? rows.length + 1);
    while (rows.length < number - 1) rows.push([]);
    const row: string[] = [];
    const cells = rowMatch[2] ?? '';
    for (const cell of cells.matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attributes = cell[1]!;
      const body = cell[2] ?? '';
      const reference = /\br="([A-Z]+\d+)"/.exec(attributes)?.[1];
      const column = reference ? columnOf(reference) : row.length;
      if (/<f[\s>/]/.test(body)) throw badRequest(formulaText(number, column + 1));
      const type = /\bt="(\w+)"/.exec(attributes)?.[1];
      const value = unescapeXml(/<v>([^<]*)<\/v>/.exec(body)?.[1] ?? '');
      while (row.length < column) row.push('');
      row[column] =
        type === 's'
          ? (strings[Number(value)] ?? '')
          : type === 'inlineStr'
            ? textsOf(body)
            : type === 'b'
              ? value === '1'
                ? 'Yes'
                : 'No'
              : value;
    }
    rows.push(row);
  }
  return rows;
}
