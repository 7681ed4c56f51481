/**
 * The import wizard: choose a file → map columns → dry run with every row's errors → import with
 * progress → summary. It only renders the state of useImport.
 */
import { Alert, Button, FileInput, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { CheckResults } from './CheckResults';
import { MapColumns } from './MapColumns';
import type { ImportController } from './useImport';

const ACCEPT =
  '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function Actions({ importer }: { importer: ImportController }) {
  const { stage, busy } = importer;
  const close = (
    <Button variant="default" onClick={importer.close}>
      {stage === 'done' ? 'Close' : 'Cancel'}
    </Button>
  );
  return (
    <Group justify="flex-end">
      {close}
      {stage === 'check' && (
        <Button variant="default" onClick={importer.back}>
          Change mapping
        </Button>
      )}
      {(stage === 'map' || stage === 'check') && (
        <Button
          variant={stage === 'check' ? 'default' : 'filled'}
          loading={busy}
          onClick={() => void importer.check()}
        >
          {stage === 'check' ? 'Check again' : 'Check'}
        </Button>
      )}
      {stage === 'check' && (
        <Button
          loading={busy}
          disabled={importer.blocking.length > 0}
          onClick={() => void importer.run()}
        >
          Import
        </Button>
      )}
    </Group>
  );
}

export function ImportDialog({ importer }: { importer: ImportController }) {
  const { stage, outcome } = importer;
  return (
    <Modal
      opened
      onClose={importer.close}
      title={`Import ${importer.title.toLowerCase()}`}
      size="xl"
      centered
    >
      <Stack gap="md">
        {stage === 'file' && (
          <FileInput
            label="CSV or Excel (XLSX) file"
            description="The first row names the columns."
            accept={ACCEPT}
            disabled={importer.busy}
            onChange={(file) => void importer.chooseFile(file)}
          />
        )}
        {stage === 'map' && <MapColumns importer={importer} />}
        {stage === 'check' && <CheckResults importer={importer} />}
        {stage === 'importing' && (
          <Stack gap={4} role="status">
            <Progress value={100} animated striped aria-label="Import progress" />
            <Text size="sm">Importing {importer.read?.rows ?? ''} rows in one go…</Text>
          </Stack>
        )}
        {stage === 'done' && outcome && (
          <Alert color="gray" variant="light" title="Imported" role="status">
            {outcome.added} added, {outcome.updated} updated by id, {outcome.skipped} skipped.
          </Alert>
        )}
        {importer.problem && (
          <Alert color="negative" variant="light" role="alert">
            {importer.problem}
          </Alert>
        )}
        <Actions importer={importer} />
      </Stack>
    </Modal>
  );
}
