/**
 * A prescription line: a herb or a dispensary product, a quantity in the base unit of its kind
 * (mg or ml) and a price in the company currency. The web edits the lines of a prescription as a
 * list and saves them together with prescriptions/save_lines.
 */
import { z } from 'zod';
import { choiceRule, idRule, numberRule } from './rules';

export const MAX_PRESCRIPTION_LINES = 100;

export const prescriptionLineSchema = z
  .strictObject({
    prescription_line_herb_id: idRule(false).optional().default(null),
    prescription_line_dispensary_product_id: idRule(false).optional().default(null),
    prescription_line_quantity: numberRule({ min: 0, max: 1e12 }),
    prescription_line_unit_kind: choiceRule(['weight', 'volume'], true).default('volume'),
    prescription_line_price: numberRule({ min: 0, max: 1e10 }).default(0),
    prescription_line_notes: z.string().max(255, 'Maximum of 255 characters allowed.').default(''),
  })
  .refine(
    (line) =>
      line.prescription_line_herb_id !== null ||
      line.prescription_line_dispensary_product_id !== null,
    {
      message: 'A line needs a herb or a dispensary product.',
      path: ['prescription_line_herb_id'],
    },
  );

export type PrescriptionLineInput = z.input<typeof prescriptionLineSchema>;
export type PrescriptionLineValues = z.output<typeof prescriptionLineSchema>;
export type PrescriptionLine = z.output<typeof prescriptionLineSchema> & {
  prescription_line_id: number;
  prescription_line_order: number;
  /** Labels of the herb and product, for showing the line. */
  herb_name?: string | null;
  dispensary_product_name?: string | null;
};

export const saveLinesSchema = z.strictObject({
  prescription_id: idRule(true),
  lines: z
    .array(prescriptionLineSchema)
    .max(MAX_PRESCRIPTION_LINES, `At most ${MAX_PRESCRIPTION_LINES} lines.`),
});
