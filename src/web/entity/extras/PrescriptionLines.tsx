/**
 * The lines of a prescription (slot `prescription_lines`): read with prescriptions/get_lines,
 * saved as a whole with save_lines whenever a line changes (the server then sets the total;
 * useFormulaLines). A new line stays here until it names a herb or a dispensary product. Dispensed ones are read-only.
 * A wide editor shows each line as one row under column heads; a narrow one stacks its fields.
 * "Repeat prescription" copies the formula into a new draft (useRepeatPrescription). Safety
 * warnings stand beside the line they belong to (usePrescriptionSafety); dispensing with any open
 * asks for a reason (DispenseReasonDialog).
 */
import { Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { ItemView } from '../fields/renderers';
import { resolveItem } from '../fields/items';
import { SourceContext, type EditorSource } from '../fields/source';
import { textOf } from '../model/format';
import type { Row } from '../model/types';
import { useCompanySettings } from '../../theme/useCompanySettings';
import { prescriptionSummary } from './prescriptionSummary';
import { useRepeatPrescription } from './useRepeatPrescription';
import { usePrescriptionSafety } from './usePrescriptionSafety';
import { SafetyWarnings } from './SafetyWarnings';
import { DispenseReasonDialog } from './DispenseReasonDialog';
import type { SafetyWarning } from '../../../shared/prescription-safety';
import { withProductDefaults } from './productDefaults';
import type { SlotProps } from './extraViews';
import classes from './PrescriptionLines.module.css';
import { LINE_FIELDS, lineDefinition, lineIsComplete, NEW_LINE } from './lineDefinition';
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
      {lines.length > 0 && <ColumnHeads />}
      {lines.map((line, index) => (
        <LineEditor
          key={textOf(line.prescription_line_id) || `new-${index}`}
          index={index}
          values={line}
          readOnly={readOnly}
          warnings={beside(index + 1)}
          onChange={(values) => replace(index, values)}
        />
      ))}
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

/** The column heads of the compact table (hidden while the lines are stacked). */
function ColumnHeads() {
  return (
    <div className={classes.head} aria-hidden>
      {LINE_FIELDS.map((name) => (
        <span key={name}>{resolveItem(lineDefinition, name).label}</span>
      ))}
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

interface LineProps {
  index: number;
  values: Row;
  readOnly: boolean;
  warnings: readonly SafetyWarning[];
  onChange: (values: Row | null) => Promise<string | null>;
}

function LineEditor({ index, values, readOnly, warnings, onChange }: LineProps) {
  const pricing = useCompanySettings();
  const source: EditorSource = {
    definition: lineDefinition,
    values,
    items: Object.fromEntries(LINE_FIELDS.map((name) => [name, { disabled: readOnly }])),
    save: async (field, value) =>
      onChange(await withProductDefaults({ ...values, [field.name]: value }, field.name, pricing)),
    record: false,
    sectionOpen: () => true,
    setSectionOpen: () => undefined,
  };
  return (
    <Paper
      withBorder
      p="xs"
      className={classes.line}
      component="fieldset"
      aria-label={`Line ${index + 1}`}
      data-line={index + 1}
    >
      <SourceContext.Provider value={source}>
        <div className={classes.fields}>
          {LINE_FIELDS.map((name) => (
            <ItemView key={name} item={resolveItem(lineDefinition, name)} />
          ))}
          {!readOnly && (
            <Button
              variant="subtle"
              color="negative"
              size="compact-xs"
              className={classes.remove}
              aria-label={`Remove line ${index + 1}`}
              onClick={() => void onChange(null)}
            >
              Remove
            </Button>
          )}
        </div>
      </SourceContext.Provider>
      {!lineIsComplete(values) && (
        <Text size="xs" c="dimmed" mt={4}>
          Choose a dispensary product or a herb to save this line.
        </Text>
      )}
      <SafetyWarnings warnings={warnings} label={`Warnings for line ${index + 1}`} />
    </Paper>
  );
}
