/** The mapping step: each column of the file, its first value, and the field it goes into. */
import { Button, Group, Select, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { TableHeader } from './TableHeader';
import type { ImportController } from './useImport';

const IGNORED = { value: '', label: '(not imported)' };

export function MapColumns({ importer }: { importer: ImportController }) {
  const { read, mapping } = importer;
  const [name, setName] = useState('');
  if (!read) return null;
  const options = [IGNORED, ...read.targets.map((t) => ({ value: t.name, label: t.label }))];
  return (
    <>
      <Text size="sm">
        {importer.fileName}: {read.rows} rows. Choose the field each column goes into.
      </Text>
      {importer.savedNames.length > 0 && (
        <Select
          label="Load a saved mapping"
          placeholder="Choose a mapping"
          data={importer.savedNames}
          value={null}
          onChange={(chosen) => chosen && importer.loadMapping(chosen)}
        />
      )}
      <Table.ScrollContainer minWidth={320}>
        <Table striped>
          <TableHeader titles={['Column', 'First row', 'Field']} />
          <Table.Tbody>
            {read.headers.map((header, column) => (
              <Table.Tr key={column}>
                <Table.Td>{header || `Column ${column + 1}`}</Table.Td>
                <Table.Td>{read.sample[0]?.[column] ?? ''}</Table.Td>
                <Table.Td>
                  <Select
                    aria-label={`Field for ${header || `column ${column + 1}`}`}
                    data={options}
                    value={mapping[String(column)] ?? ''}
                    onChange={(target) => importer.setTarget(column, target ?? '')}
                    allowDeselect={false}
                    searchable
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group align="flex-end" gap="xs">
        <TextInput
          label="Save this mapping as"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button
          variant="default"
          disabled={name.trim() === ''}
          onClick={() => void importer.saveMapping(name)}
        >
          Save mapping
        </Button>
      </Group>
    </>
  );
}
