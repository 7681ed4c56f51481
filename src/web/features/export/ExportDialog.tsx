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
        <Radio.Group
          label="Format"
          value={choice.format}
          onChange={(format) => setChoice({ ...choice, format })}
        >
          <Group gap="md" mt="xs">
            {FORMATS.map((f) => (
              <Radio key={f.value} value={f.value} label={f.label} disabled={busy} />
            ))}
          </Group>
        </Radio.Group>
        <Radio.Group
          label="Values"
          value={choice.formatted ? 'shown' : 'raw'}
          onChange={(value) => setChoice({ ...choice, formatted: value === 'shown' })}
        >
          <Group gap="md" mt="xs">
            <Radio value="shown" label="As shown (units, currency, dates)" disabled={busy} />
            <Radio value="raw" label="Raw (as stored)" disabled={busy} />
          </Group>
        </Radio.Group>
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
