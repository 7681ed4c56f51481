/**
 * What every PDF of ours shares: A4 pages, DejaVu fonts embedded (subset) so accents, ß, €, £ and
 * pinyin tone marks print whatever reader opens the file, and the bytes collected as pdfkit
 * writes them.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';

export const MM = 72 / 25.4;

const FONT_FILES = {
  sans: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  italic: 'DejaVuSans-Oblique.ttf',
  boldItalic: 'DejaVuSans-BoldOblique.ttf',
  mono: 'DejaVuSansMono.ttf',
} as const;
export type FontName = keyof typeof FONT_FILES;

let fonts: Record<FontName, Buffer> | null = null;
/** Read once: the files do not change while the server runs. */
function fontData(): Record<FontName, Buffer> {
  if (fonts) return fonts;
  const folder = join(
    dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
    'ttf',
  );
  const read = (file: string) => readFileSync(join(folder, file));
  fonts = {
    sans: read(FONT_FILES.sans),
    bold: read(FONT_FILES.bold),
    italic: read(FONT_FILES.italic),
    boldItalic: read(FONT_FILES.boldItalic),
    mono: read(FONT_FILES.mono),
  };
  return fonts;
}

export type Doc = PDFKit.PDFDocument;

/** A new A4 document with our fonts registered, and the promise of its bytes once ended. */
export function a4Document(options: { margin: number; title: string; author: string }) {
  const doc = new PDFDocument({
    size: 'A4',
    margin: options.margin,
    info: { Title: options.title, Author: options.author },
    lang: 'en-GB',
  });
  const chunks: Buffer[] = [];
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const [name, data] of Object.entries(fontData())) doc.registerFont(name, data);
  return { doc, bytes };
}

export const left = (doc: Doc) => doc.page.margins.left;
export const contentWidth = (doc: Doc) =>
  doc.page.width - doc.page.margins.left - doc.page.margins.right;

export function rule(doc: Doc, y: number, width: number, colour: string): void {
  doc
    .moveTo(left(doc), y)
    .lineTo(left(doc) + contentWidth(doc), y)
    .lineWidth(width)
    .strokeColor(colour)
    .stroke();
}
