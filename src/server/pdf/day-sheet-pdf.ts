/**
 * A practitioner's day sheet as an A4 PDF (diary/print_day_sheet): the clinic and the day at the
 * top, then each appointment — time, type, status, the patient with their date of birth, the
 * safety facts in bold red (allergies, pregnancy, breastfeeding, age under 18, medicines, cautioned
 * conditions), the current prescriptions with their lines, and the appointment's notes.
 */
import { clinicContactLine } from '../../shared/clinic-contact';
import { displayDate } from '../../shared/entities/merge-fields';
import { isUnderAge } from '../../shared/patient-alerts';
import type { PatientAlerts } from '../../shared/patient-alerts';
import type { ClinicContact } from '../diary-review/clinic';
import { a4Document, contentWidth, left, MM, rule, type Doc } from './document';

/** What a day sheet prints, read by ../diary-review/day-sheet.ts. */
export interface SheetPrescription {
  name: string;
  status: string;
  date: string;
  dose: string;
  lines: string[];
}

interface SheetAppointment {
  time: string;
  type: string;
  status: string;
  notes: string;
  dob: string;
  alerts: PatientAlerts;
  prescriptions: SheetPrescription[];
}

export interface DaySheet {
  clinic: ClinicContact;
  practitioner: string;
  /** "Tuesday 9 June 2026" */
  day: string;
  appointments: SheetAppointment[];
}

const INK = '#000000';
const MUTED = '#444444';
const ALERT = '#a4161a';
const INDENT = 6 * MM;

const names = (list: ReadonlyArray<{ name: string }>) => list.map((item) => item.name).join(', ');

/** The banner's facts as lines of the sheet: what the practitioner must not miss. */
function safetyLines(a: SheetAppointment['alerts']): string[] {
  const lines = [
    a.allergies.length > 0 ? `Allergies: ${names(a.allergies)}` : 'Allergies: none recorded',
  ];
  if (a.pregnant) lines.push('Pregnant');
  if (a.breastfeeding) lines.push('Breastfeeding');
  if (isUnderAge(a)) lines.push(`Age ${a.age_years ?? 0} (under 18)`);
  if (a.medicines.length > 0) lines.push(`Takes: ${names(a.medicines)}`);
  if (a.caution_conditions.length > 0)
    lines.push(`Conditions with herb cautions: ${names(a.caution_conditions)}`);
  return lines;
}

function ensureRoom(doc: Doc, lines: number): void {
  if (doc.y + lines * doc.currentLineHeight(true) > doc.page.height - doc.page.margins.bottom)
    doc.addPage();
}

function heading(doc: Doc, sheet: DaySheet): void {
  const width = contentWidth(doc);
  doc
    .font('bold')
    .fontSize(18)
    .fillColor(INK)
    .text(`Day sheet — ${sheet.practitioner}`, left(doc), doc.y, { width });
  doc.font('sans').fontSize(12).text(sheet.day, { width });
  const contact = clinicContactLine(sheet.clinic.address, sheet.clinic.phone);
  doc
    .font('sans')
    .fontSize(9)
    .fillColor(MUTED)
    .text([sheet.clinic.name, contact].filter(Boolean).join(' · '), { width });
  rule(doc, doc.y + 3 * MM, 1.5, '#333333');
  doc.y += 7 * MM;
}

function appointment(doc: Doc, a: SheetAppointment): void {
  const width = contentWidth(doc);
  const x = left(doc);
  ensureRoom(doc, 6);
  doc
    .font('bold')
    .fontSize(12)
    .fillColor(INK)
    .text(`${a.time}  ${a.alerts.patient_name}`, x, doc.y, { width });
  const born = a.dob ? `born ${displayDate(a.dob)}` : 'date of birth not recorded';
  doc
    .font('sans')
    .fontSize(10)
    .fillColor(MUTED)
    .text(`${a.type} · ${a.status} · ${born}`, { width });
  doc.moveDown(0.2);
  doc.font('bold').fontSize(10).fillColor(ALERT);
  for (const line of safetyLines(a.alerts))
    doc.text(line, x + INDENT, doc.y, { width: width - INDENT });
  doc.fillColor(INK);
  if (a.prescriptions.length === 0)
    doc
      .font('sans')
      .fontSize(10)
      .text('No current prescription.', x + INDENT, doc.y, { width: width - INDENT });
  for (const p of a.prescriptions) {
    ensureRoom(doc, 2 + p.lines.length);
    const status = p.status === 'dispensed' ? 'Dispensed' : 'Draft';
    doc.moveDown(0.2);
    doc
      .font('bold')
      .fontSize(10)
      .text(`${status} ${displayDate(p.date)}: ${p.name}`, x + INDENT, doc.y, {
        width: width - INDENT,
      });
    doc.font('sans').fontSize(10);
    for (const line of p.lines)
      doc.text(`• ${line}`, x + 2 * INDENT, doc.y, { width: width - 2 * INDENT });
    if (p.dose)
      doc.font('italic').text(p.dose, x + 2 * INDENT, doc.y, { width: width - 2 * INDENT });
  }
  if (a.notes.trim()) {
    doc.moveDown(0.2);
    doc
      .font('sans')
      .fontSize(10)
      .fillColor(MUTED)
      .text(`Notes: ${a.notes.trim()}`, x + INDENT, doc.y, { width: width - INDENT });
  }
  rule(doc, doc.y + 2.5 * MM, 0.5, '#999999');
  doc.y += 5 * MM;
}

export function daySheetPdf(sheet: DaySheet): Promise<Buffer> {
  const { doc, bytes } = a4Document({
    margin: 15 * MM,
    title: `Day sheet — ${sheet.practitioner} — ${sheet.day}`,
    author: sheet.clinic.name,
  });
  heading(doc, sheet);
  if (sheet.appointments.length === 0)
    doc.font('sans').fontSize(11).fillColor(INK).text('No appointments.', left(doc), doc.y);
  for (const a of sheet.appointments) appointment(doc, a);
  doc.end();
  return bytes;
}
