/**
 * A prescription line described as a definition of its own, so the generic field renderers draw
 * it (a quantity in the company's units, a price in its currency, typeahead picks) rather than
 * a second set of inputs. The rules are the shared line schema's (prescription-lines.ts).
 */
import { defineEntity } from '../../../shared/entities/define';
import { input, money, quantity, reference, select } from '../../../shared/entities/fields';
import { MATERIA_UNIT_KIND_OPTIONS } from '../../../shared/entities/options';
import type { PrescriptionLine } from '../../../shared/entities/prescription-lines';
import type { Row } from '../model/types';

export const LINE_FIELDS = [
  'prescription_line_dispensary_product_id',
  'prescription_line_herb_id',
  'prescription_line_quantity',
  'prescription_line_unit_kind',
  'prescription_line_price',
  'prescription_line_notes',
] as const;

export const lineDefinition = defineEntity({
  entities: 'prescriptions',
  base: 'prescription_line',
  title: 'Lines',
  singular: 'line',
  keys: { name: 'prescription_line_notes' },
  fields: [
    reference('prescription_line_dispensary_product_id', 'dispensary_products', {
      label: 'Dispensary product',
    }),
    reference('prescription_line_herb_id', 'herbs', { label: 'Herb' }),
    quantity(
      'prescription_line_quantity',
      { kindField: 'prescription_line_unit_kind' },
      {
        label: 'Quantity',
      },
    ),
    select('prescription_line_unit_kind', MATERIA_UNIT_KIND_OPTIONS, {
      required: true,
      label: 'Measured by',
    }),
    money('prescription_line_price', { label: 'Price' }),
    input('prescription_line_notes', { max: 255, label: 'Notes' }),
  ],
  tabs: [{ name: 'line', sections: [{ title: 'Line', items: [...LINE_FIELDS] }] }],
  list: { columns: [], search: [] },
});

/** A stored line as editor values: the labels its picks show. */
export function lineValues(line: PrescriptionLine | Row): Row {
  return {
    ...line,
    prescription_line_herb_id_label: line.herb_name ?? null,
    prescription_line_dispensary_product_id_label: line.dispensary_product_name ?? null,
  };
}

/** What save_lines takes for a line. */
export function linePayload(values: Row): Row {
  return Object.fromEntries(LINE_FIELDS.map((name) => [name, values[name] ?? null]));
}

export const NEW_LINE: Row = {
  prescription_line_dispensary_product_id: null,
  prescription_line_herb_id: null,
  prescription_line_quantity: 0,
  prescription_line_unit_kind: 'volume',
  prescription_line_price: 0,
  prescription_line_notes: '',
};

export const lineIsComplete = (values: Row) =>
  values.prescription_line_herb_id != null ||
  values.prescription_line_dispensary_product_id != null;
