/**
 * One line of the formula editor: a row of the compact table (number, product, herb, quantity
 * with its measure, price, notes, remove) where the editor is wide; two rows, the names over the
 * amounts, where it is middling (the editor beside the list at 1440 px); a card of stacked fields
 * where it is narrow (PrescriptionLines.module.css decides by the editor's width). Its warnings stand
 * under it. Only renders: the line's editing is useLineEditor's.
 */
import { ActionIcon, Text } from '@mantine/core';
import { ItemView } from '../fields/renderers';
import { resolveItem } from '../fields/items';
import { SourceContext } from '../fields/source';
import type { Row } from '../model/types';
import type { SafetyWarning } from '../../../shared/prescription-safety';
import { lineDefinition } from './lineDefinition';
import { SafetyWarnings } from './SafetyWarnings';
import { useLineEditor } from './useLineEditor';
import classes from './PrescriptionLines.module.css';

interface Props {
  prescriptionId: number;
  index: number;
  values: Row;
  readOnly: boolean;
  warnings: readonly SafetyWarning[];
  onChange: (values: Row | null) => Promise<string | null>;
}

const field = (name: string) => <ItemView item={resolveItem(lineDefinition, name)} />;

export function FormulaLine({
  prescriptionId,
  index,
  values,
  readOnly,
  warnings,
  onChange,
}: Props) {
  const { source, incomplete, remove } = useLineEditor(prescriptionId, values, readOnly, onChange);
  const n = index + 1;
  const removeName = `Remove line ${n}`;
  return (
    <fieldset className={classes.line} aria-label={`Line ${n}`} data-line={n}>
      <SourceContext.Provider value={source}>
        <span className={classes.number} aria-hidden>
          {n}
        </span>
        <div className={classes.names}>
          <div className={classes.product}>{field('prescription_line_dispensary_product_id')}</div>
          <div className={classes.herb}>{field('prescription_line_herb_id')}</div>
        </div>
        <div className={classes.amounts}>
          <div className={classes.amount}>
            {field('prescription_line_quantity')}
            {field('prescription_line_unit_kind')}
          </div>
          <div className={classes.price}>{field('prescription_line_price')}</div>
          <div className={classes.notes}>{field('prescription_line_notes')}</div>
        </div>
        {!readOnly && (
          <ActionIcon
            variant="subtle"
            color="negative"
            size="lg"
            className={classes.remove}
            aria-label={removeName}
            title={removeName}
            onClick={remove}
          >
            <RemoveIcon />
          </ActionIcon>
        )}
      </SourceContext.Provider>
      <div className={classes.below}>
        {incomplete && (
          <Text size="xs" c="dimmed">
            Choose a dispensary product or a herb to save this line.
          </Text>
        )}
        <SafetyWarnings warnings={warnings} label={`Warnings for line ${n}`} />
      </div>
    </fieldset>
  );
}

/** A bin: removing a line is the row's one destructive action. */
function RemoveIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
    >
      <path d="M4 7h16M10 11v6M14 11v6M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
    </svg>
  );
}
