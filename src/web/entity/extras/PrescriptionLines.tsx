/**
 * The lines of a prescription (slot `prescription_lines`): read with prescriptions/get_lines,
 * saved as a whole with save_lines whenever a line changes (the server then sets the total;
 * useFormulaLines). A new line stays here until it names a herb or a dispensary product.
 * Dispensed ones are read-only. A wide editor shows the lines as a compact table under column
 * heads; a narrow one shows each line as a card of stacked fields (FormulaLine).
 * "Repeat prescription" copies the formula into a new draft (useRepeatPrescription). Safety
 * warnings stand beside the line they belong to (usePrescriptionSafety); dispensing with any open
 * asks for a reason (DispenseReasonDialog).
 */
import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { resolveItem } from '../fields/items';
import { textOf } from '../model/format';
import type { Row } from '../model/types';
import { useCompanySettings } from '../../theme/useCompanySettings';
import { prescriptionSummary } from './prescriptionSummary';
import { useRepeatPrescription } from './useRepeatPrescription';
import { usePrescriptionSafety } from './usePrescriptionSafety';
import { SafetyWarnings } from './SafetyWarnings';
import { DispenseReasonDialog } from './DispenseReasonDialog';
import type { SlotProps } from './extraViews';
import classes from './PrescriptionLines.module.css';
import { lineDefinition, NEW_LINE } from './lineDefinition';
import { FormulaLine } from './FormulaLine';
import { useFormulaLines } from './useFormulaLines';

type Lines = Row[];

const NO_LINES: Lines = [];

export function PrescriptionLines({ rowId, row, disabled }: SlotProps) {
  const { lines, save } = useFormulaLines(rowId);
  const repeat = useRepeatPrescription(rowId);
  const readOnly = disabled || row.prescription_status !== 'draft';
  const warnings = usePrescriptionSafety(rowId, lines ?? NO_LINES, row);
  if (lines === null) return <Text size="sm">Loading the lines…</Text>;
  // A dispensed formula's warnings were answered (its reason is on the record).
  const shown = readOnly ? [] : warnings;
  const beside = (line: number | null) => shown.filter((w) => w.line === line);
  const replace = (index: number, values: Row | null) =>
    save(
      values === null
        ? lines.filter((_, i) => i !== index)
        : lines.map((l, i) => (i === index ? values : l)),
    );
  return (
    <Stack gap="xs" data-slot="prescription_lines" className={classes.lines}>
      {lines.length === 0 && (
        <Text size="sm" c="dimmed">
          No lines yet.
        </Text>
      )}
      <SafetyWarnings warnings={beside(null)} label="Warnings for the formula" />
      {lines.length > 0 && (
        <div className={classes.table}>
          <ColumnHeads />
          {lines.map((line, index) => (
            <FormulaLine
              key={textOf(line.prescription_line_id) || `new-${index}`}
              prescriptionId={rowId}
              index={index}
              values={line}
              readOnly={readOnly}
              warnings={beside(index + 1)}
              onChange={(values) => replace(index, values)}
            />
          ))}
        </div>
      )}
      <Group>
        {!readOnly && (
          <Button variant="light" size="xs" onClick={() => void save([...lines, { ...NEW_LINE }])}>
            Add line
          </Button>
        )}
        {repeat.mayRepeat && lines.length > 0 && (
          <Button
            variant="light"
            size="xs"
            loading={repeat.busy}
            onClick={() => void repeat.repeat()}
          >
            Repeat prescription
          </Button>
        )}
      </Group>
      <Totals lines={lines} row={row} />
      <DispenseReasonDialog />
    </Stack>
  );
}

const labelOf = (name: string) => resolveItem(lineDefinition, name).label;

/** The column heads of the compact table (hidden while the lines are cards). */
function ColumnHeads() {
  return (
    <div className={classes.head} aria-hidden>
      <span className={classes.number}>#</span>
      <div className={classes.names}>
        <span className={classes.product}>
          {labelOf('prescription_line_dispensary_product_id')}
        </span>
        <span className={classes.herb}>{labelOf('prescription_line_herb_id')}</span>
      </div>
      <div className={classes.amounts}>
        <span className={classes.amount}>{labelOf('prescription_line_quantity')}</span>
        <span className={classes.price}>{labelOf('prescription_line_price')}</span>
        <span className={classes.notes}>{labelOf('prescription_line_notes')}</span>
      </div>
    </div>
  );
}

function Totals({ lines, row }: { lines: Lines; row: Row }) {
  const summary = prescriptionSummary(lines, row, useCompanySettings());
  return (
    <Table aria-label="Totals" data-totals withRowBorders={false} w="auto">
      <Table.Tbody>
        {summary.map(({ label, text, warning }) => (
          <Table.Tr key={label} data-total={label}>
            <Table.Th scope="row" fw={500}>
              {label}
            </Table.Th>
            <Table.Td c={warning ? 'negative' : undefined}>{text}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
