/**
 * What the printed prescription, its label and its receipt show: the prescription with its
 * labels, its lines, its patient's birth date and address, the clinic's address and phone, and
 * everything already worded in the company's units and currency — the views only render. The
 * price comes from the one shared routine (rowTotals, priceRows) that the editor shows and
 * save_lines stores, so the three agree to the cent.
 */
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { formatMoney } from '../../../../shared/currencies';
import { FORM_OPTIONS } from '../../../../shared/entities/options';
import type { PrescriptionLine } from '../../../../shared/entities/prescription-lines';
import {
  priceRows,
  rowTotals,
  termsOf,
  type LineKind,
} from '../../../../shared/prescription-totals';
import type { PrescriptionBatch } from '../../../../shared/stock';
import { formatQuantities, formatQuantity } from '../../../../shared/units';
import { callData } from '../../../api/client';
import { parseId } from '../../../app/paths';
import { displayDate, textOf } from '../../../entity/model/format';
import type { Row } from '../../../entity/model/types';
import { useCompanySettings } from '../../../theme/useCompanySettings';

interface PrintedLine {
  name: string;
  quantity: string;
  price: string;
  notes: string;
}

/** A batch that went into the formula (none until it is dispensed). */
interface PrintedBatch {
  name: string;
  batch: string;
  expiry: string;
}

export interface PrintedPrescription {
  title: string;
  patient: string;
  /** '' when not recorded or when the viewer may not read the patient. */
  patientDob: string;
  patientAddress: string;
  practitioner: string;
  date: string;
  form: string;
  dose: string;
  dailyDose: string;
  days: string;
  lines: PrintedLine[];
  /** The price breakdown (lines, fees, tax, rounding), its last row the total. */
  price: Array<{ label: string; text: string }>;
  total: string;
  totalQuantity: string;
  notes: string;
  dispensed: boolean;
  /** Each product's batch and expiry, for the label; empty until dispensed. */
  batches: PrintedBatch[];
}

export interface Clinic {
  name: string;
  address: string;
  phone: string;
}

async function loadPrescription(id: number) {
  const [row, lines, batches] = await Promise.all([
    callData<Row>('prescriptions/get', { prescription_id: id }),
    callData<PrescriptionLine[]>('prescriptions/get_lines', { prescription_id: id }),
    callData<PrescriptionBatch[]>('prescriptions/get_batches', { prescription_id: id }),
    // Printing happens here, in the browser: the audit trail hears of it from here.
    callData('audit/record_prescription_print', { prescription_id: id }),
  ]);
  // Without the privilege to read patients the page still prints, without these details.
  const patient = await callData<Row>('patients/get', {
    patient_id: row.prescription_patient_id,
  }).catch(() => null);
  return { row, lines, batches, patient };
}

const ADDRESS_FIELDS = [
  'patient_address_line1',
  'patient_address_line2',
  'patient_city',
  'patient_county',
  'patient_postcode',
];

function addressOf(patient: Row | null): string {
  if (!patient) return '';
  return ADDRESS_FIELDS.map((name) => textOf(patient[name]).trim())
    .filter(Boolean)
    .join(', ');
}

export function usePrescriptionPrint() {
  const id = parseId(useParams().id);
  const company = useCompanySettings();
  const query = useQuery({
    queryKey: ['print-prescription', id],
    queryFn: () => loadPrescription(id as number),
    enabled: typeof id === 'number',
    retry: false,
  });
  const { unitSystem, currency } = company;
  const kindOf = (value: unknown): LineKind => (value === 'weight' ? 'weight' : 'volume');
  const printed = ((): PrintedPrescription | null => {
    if (!query.data) return null;
    const { row, lines, batches, patient } = query.data;
    const kind = kindOf(row.prescription_unit_kind);
    const totals = rowTotals(lines, row, currency);
    const dailyDose = row.prescription_daily_dose;
    // The lines of the formula's kind and its total read in one unit (a column of like numbers).
    const ofKind = lines.filter((l) => kindOf(l.prescription_line_unit_kind) === kind);
    const shown = formatQuantities(
      [...ofKind.map((l) => l.prescription_line_quantity), totals.quantity[kind]],
      kind,
      unitSystem,
    );
    const quantityOf = (line: PrescriptionLine) => {
      const at = ofKind.indexOf(line);
      const lineKind = kindOf(line.prescription_line_unit_kind);
      return at >= 0
        ? (shown[at] as string)
        : formatQuantity(line.prescription_line_quantity, lineKind, unitSystem);
    };
    return {
      title: textOf(row.prescription_name),
      patient: textOf(row.prescription_patient_id_label),
      patientDob: patient ? displayDate(patient.patient_dob) : '',
      patientAddress: addressOf(patient),
      practitioner: textOf(row.prescription_user_id_label),
      date: displayDate(row.prescription_date),
      form: FORM_OPTIONS.find((o) => o.value === row.prescription_form)?.label ?? '',
      dose: textOf(row.prescription_dose_instructions),
      dailyDose: typeof dailyDose === 'number' ? formatQuantity(dailyDose, kind, unitSystem) : '',
      days: row.prescription_days ? textOf(row.prescription_days) : '',
      lines: lines.map((line) => ({
        name: line.dispensary_product_name ?? line.herb_name ?? '',
        quantity: quantityOf(line),
        price: formatMoney(line.prescription_line_price ?? 0, currency),
        notes: line.prescription_line_notes,
      })),
      price: priceRows(totals.breakdown, termsOf(row), currency),
      total: formatMoney(totals.price, currency),
      totalQuantity: shown[shown.length - 1] as string,
      notes: textOf(row.prescription_notes),
      dispensed: row.prescription_status === 'dispensed',
      batches: batches.map((b) => ({
        name: b.dispensary_product_name,
        batch: b.batch_name,
        expiry: b.batch_expiry ? displayDate(b.batch_expiry) : 'none',
      })),
    };
  })();
  const failed = typeof id !== 'number' || query.isError;
  const clinic: Clinic = {
    name: company.companyName || 'Materia',
    address: company.clinicAddress,
    phone: company.clinicPhone,
  };
  return { printed, failed, clinic };
}
