/**
 * The export dialog: which columns (in the definition's order), CSV or XLSX, values as shown or
 * raw; while the file arrives, a progress bar with the rows and bytes so far, and Cancel.
 */
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Progress,
  Radio,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import type { ExportFormat } from '../../../shared/exports';
import { progressText } from './exportChoice';
import type { ExportController } from './useExport';

const FORMATS: { value: ExportFormat; label: string }[] = [
  { value: 'csv', label: 'CSV' },
  { value: 'xlsx', label: 'Excel (XLSX)' },
];

const VALUES: { value: 'shown' | 'raw'; label: string }[] = [
  { value: 'shown', label: 'As shown (units, currency, dates)' },
  { value: 'raw', label: 'Raw (as stored)' },
];

interface ChoiceProps<V extends string> {
  label: string;
  options: { value: V; label: string }[];
  value: V;
  disabled: boolean;
  onChange: (value: V) => void;
}

/** One choice of a few, as radio buttons in a row. */
function Choice<V extends string>({ label, options, value, disabled, onChange }: ChoiceProps<V>) {
  return (
    <Radio.Group label={label} value={value} onChange={onChange}>
      <Group gap="md" mt="xs">
        {options.map((o) => (
          <Radio key={o.value} value={o.value} label={o.label} disabled={disabled} />
        ))}
      </Group>
    </Radio.Group>
  );
}

export function ExportDialog({ exporter }: { exporter: ExportController }) {
  const { choice, setChoice, progress, fields } = exporter;
  const busy = progress !== null;
  // Kept in the definition's order, whatever order they were ticked in.
  const setColumns = (names: string[]) =>
    setChoice({
      ...choice,
      columns: fields.map((f) => f.name).filter((name) => names.includes(name)),
    });
  return (
    <Modal
      opened
      onClose={exporter.close}
      title={`Export ${exporter.title.toLowerCase()}`}
      centered
    >
      <Stack gap="md">
        <Text size="sm">
          Every row that matches the list&apos;s search and filters is exported.
        </Text>
        <Checkbox.Group label="Columns" value={choice.columns} onChange={setColumns}>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="xs">
            {fields.map((f) => (
              <Checkbox key={f.name} value={f.name} label={f.label} disabled={busy} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Choice
          label="Format"
          options={FORMATS}
          value={choice.format}
          disabled={busy}
          onChange={(format) => setChoice({ ...choice, format })}
        />
        <Choice
          label="Values"
          options={VALUES}
          value={choice.formatted ? 'shown' : 'raw'}
          disabled={busy}
          onChange={(value) => setChoice({ ...choice, formatted: value === 'shown' })}
        />
        {progress && (
          <Stack gap={4} role="status">
            <Progress value={100} animated striped aria-label="Export progress" />
            <Text size="sm">Exporting… {progressText(progress.bytes, progress.rows)}</Text>
          </Stack>
        )}
        {exporter.problem && (
          <Alert color="red" role="alert">
            {exporter.problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={exporter.close}>
            Cancel
          </Button>
          <Button
            onClick={() => void exporter.start()}
            loading={busy}
            disabled={choice.columns.length === 0}
          >
            Export
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
