/**
 * A patient letter as an A4 PDF, laid out like the print page (/printing/patientletters/{id}):
 * the letterhead (clinic name and date, the clinic's address and phone under them, a rule), the
 * patient's name and address, the subject, then the body. It is drawn from get_printable's
 * answer, so the PDF and the print page show the same filled, sanitised letter (fonts and page:
 * ./document.ts).
 */
import type { PrintableLetter } from '../../shared/entities/patientletters';
import { displayDate } from '../../shared/entities/merge-fields';
import { htmlBlocks, type TextBlock, type TextRun } from './html-blocks';
import { clinicContactLine } from '../../shared/clinic-contact';
import { a4Document, contentWidth, left, MM, rule, type Doc, type FontName } from './document';

/** The print page's padding. */
const MARGIN = 20 * MM;
const BODY_SIZE = 11;
const HEADING_SIZES = [0, 18, 16, 14, 12, 12, 12];
/** Each list or quote level indents this far; the marker hangs in the indent. */
const INDENT = 7 * MM;
const INK = '#000000';
const MUTED = '#444444';
const LINK = '#1a4f8b';

function fontOf(run: TextRun): FontName {
  if (run.code) return 'mono';
  if (run.bold) return run.italic ? 'boldItalic' : 'bold';
  return run.italic ? 'italic' : 'sans';
}

function letterhead(doc: Doc, letter: PrintableLetter): void {
  const top = doc.y;
  const width = contentWidth(doc);
  doc
    .font('bold')
    .fontSize(20)
    .fillColor(INK)
    .text(letter.company_name, left(doc), top, { width: width * 0.7 });
  const below = doc.y;
  doc
    .font('sans')
    .fontSize(BODY_SIZE)
    .text(displayDate(letter.date), left(doc), top + 7, { width, align: 'right' });
  doc.y = Math.max(below, doc.y);
  const contact = clinicContactLine(letter.clinic_address, letter.clinic_phone);
  if (contact)
    doc.font('sans').fontSize(9).fillColor(MUTED).text(contact, left(doc), doc.y, { width });
  rule(doc, doc.y + 4 * MM, 2, '#333333');
  doc.y += 14 * MM;
  doc.fillColor(INK).font('sans').fontSize(BODY_SIZE);
  for (const line of [letter.patient_name, ...letter.address])
    doc.text(line, left(doc), doc.y, { width, lineGap: 2 });
  doc.y += 10 * MM;
  doc.font('bold').fontSize(12).text(letter.patientletter_name, left(doc), doc.y, { width });
  doc.y += 6 * MM;
}

function block(doc: Doc, b: TextBlock): void {
  const size = b.kind === 'heading' ? (HEADING_SIZES[b.level] ?? BODY_SIZE) : BODY_SIZE;
  const x = left(doc) + b.depth * INDENT;
  const width = contentWidth(doc) - b.depth * INDENT;
  if (b.kind === 'rule') {
    rule(doc, doc.y + 2 * MM, 0.5, '#999999');
    doc.y += 5 * MM;
    return;
  }
  if (b.kind === 'heading') doc.y += 2 * MM;
  doc.font('sans').fontSize(size);
  // A page break inside a block is pdfkit's; a block only starts where its first line fits.
  if (doc.y + doc.currentLineHeight(true) > doc.page.height - doc.page.margins.bottom)
    doc.addPage();
  const y = doc.y;
  if (b.marker)
    doc.fillColor(INK).text(b.marker, x - INDENT, y, { width: INDENT - 2 * MM, align: 'right' });
  if (b.runs.length === 0) {
    doc.y = y + doc.currentLineHeight(true);
  }
  b.runs.forEach((run, i) => {
    doc
      .font(fontOf(run))
      .fontSize(size)
      .fillColor(run.link ? LINK : b.quoted ? MUTED : INK);
    const options: PDFKit.Mixins.TextOptions = {
      continued: i < b.runs.length - 1,
      underline: run.underline || run.link !== null,
      strike: run.strike,
      link: run.link,
      width,
      lineGap: 2,
    };
    if (i === 0) doc.text(run.text, x, y, options);
    else doc.text(run.text, options);
  });
  doc.y += (b.kind === 'heading' ? 2 : 3) * MM;
}

/** The letter as PDF bytes. */
export function letterPdf(letter: PrintableLetter): Promise<Buffer> {
  const { doc, bytes } = a4Document({
    margin: MARGIN,
    title: letter.patientletter_name,
    author: letter.company_name,
  });
  letterhead(doc, letter);
  for (const b of htmlBlocks(letter.html)) block(doc, b);
  doc.end();
  return bytes;
}
