/**
 * Herbal prescriptions. Lines (herbs or dispensary products with a quantity in the
 * base unit and a price) are saved as a whole by prescriptions/save_lines, which also sets the
 * total; prescriptions/dispense takes the stock and marks the prescription dispensed.
 */
import { defineEntity } from './define';
import { date, input, money, number, quantity, reference, select, textarea } from './fields';
import { FORM_OPTIONS, MATERIA_UNIT_KIND_OPTIONS, PRESCRIPTION_STATUS_OPTIONS } from './options';

/** The formula is taken as a whole, so its dose and days are the prescription's (prescription-totals.ts). */
export const DISPENSED_TEXT = 'A dispensed prescription can not be changed.';

export const prescriptions = defineEntity({
  entities: 'prescriptions',
  base: 'prescription',
  title: 'Prescriptions',
  module: {
    description: 'Herbal prescriptions with their lines, doses, prices and dispensing.',
    section: 'Clinic',
    position: 2,
    leftDrawer: true,
  },
  singular: 'prescription',
  fields: [
    input('prescription_name', { label: 'Title', hint: 'The patient and date when left empty.' }),
    reference('prescription_patient_id', 'patients', { required: true }),
    date('prescription_date', {
      hint: 'Today when left empty.',
      storage: { default: 'current_date' },
    }),
    reference('prescription_user_id', 'users', { label: 'Practitioner' }),
    select('prescription_form', FORM_OPTIONS, { required: true, default: 'tincture' }),
    textarea('prescription_dose_instructions', { max: 2000 }),
    select('prescription_unit_kind', MATERIA_UNIT_KIND_OPTIONS, {
      required: true,
      default: 'volume',
      label: 'Measured by',
      hint: 'How the formula and its daily dose are measured.',
    }),
    quantity(
      'prescription_daily_dose',
      { kindField: 'prescription_unit_kind' },
      { nullable: true, label: 'Dose per day', hint: 'e.g. 15 ml for 5 ml three times a day.' },
    ),
    number('prescription_days', {
      integer: true,
      min: 1,
      max: 3650,
      nullable: true,
      label: 'Days',
    }),
    select('prescription_status', PRESCRIPTION_STATUS_OPTIONS, {
      readOnly: true,
      default: 'draft',
    }),
    money('prescription_total_price', { readOnly: true, label: 'Total price' }),
    // The terms the total was priced on, set with it by save_lines (prescription-totals.ts).
    money('prescription_dispensing_fee', { readOnly: true, label: 'Dispensing fee' }),
    money('prescription_container_fee', { readOnly: true, label: 'Container fee' }),
    number('prescription_tax_rate', { readOnly: true, min: 0, max: 100, label: 'Tax rate (%)' }),
    textarea('prescription_notes'),
    // Why it was dispensed despite open safety warnings (prescriptions/dispense sets it).
    textarea('prescription_dispense_reason', {
      readOnly: true,
      max: 1000,
      label: 'Dispensed despite warnings because',
    }),
  ],
  indexes: [['prescription_patient_id', 'prescription_date'], ['prescription_date']],
  lockedWhen: { field: 'prescription_status', value: 'dispensed', text: DISPENSED_TEXT },
  extras: [
    { name: 'prescription_lines', type: 'slot', label: 'Lines' },
    { name: 'print', type: 'button', label: 'Print prescription', route: 'list' },
    { name: 'print_label', type: 'button', label: 'Print label', route: 'list' },
    { name: 'print_receipt', type: 'button', label: 'Print receipt', route: 'list' },
    {
      name: 'dispense',
      type: 'button',
      label: 'Dispense',
      route: 'dispense',
      call: 'dispense',
      confirm: 'Dispensing takes the quantities from stock. Continue?',
    },
  ],
  tabs: [
    {
      name: 'general',
      sections: [
        {
          title: 'Prescription',
          items: [
            'prescription_name',
            'prescription_patient_id',
            'prescription_date',
            'prescription_user_id',
            'prescription_form',
          ],
        },
        {
          title: 'Dosage',
          items: [
            'prescription_dose_instructions',
            'prescription_unit_kind',
            'prescription_daily_dose',
            'prescription_days',
            'prescription_status',
            'prescription_total_price',
            'prescription_dispense_reason',
            'dispense',
            'print',
            'print_label',
            'print_receipt',
          ],
        },
        { title: 'Lines', columns: 2, items: ['prescription_lines'] },
        { title: 'Notes', columns: 2, startsClosed: true, items: ['prescription_notes'] },
      ],
    },
  ],
  list: {
    columns: [
      'prescription_name',
      'prescription_patient_id',
      'prescription_date',
      'prescription_status',
    ],
    search: ['prescription_name'],
    filters: [
      'prescription_patient_id',
      'prescription_user_id',
      'prescription_date',
      'prescription_status',
      'prescription_form',
    ],
    sortable: ['prescription_date', 'prescription_total_price'],
    // The prescription a practitioner looks for is nearly always the latest.
    defaultSort: '-prescription_date',
  },
});
