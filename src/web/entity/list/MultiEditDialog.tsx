/**
 * Multi-edit (from two selected rows): one field set to one value on every selected
 * row. Only fields that may be shared are offered (not keys, unique codes or long texts). Apply
 * first asks, naming the count and the field; the toast after it offers Undo.
 */
import { Alert, Button, Group, Modal, Select, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { useEntityScope, useEntityState } from '../hooks/entityContext';
import { useValuesSource } from '../hooks/useSources';
import { EntityEditor } from '../editor/EntityEditor';
import { confirm } from '../../features/confirm/confirm';
import { fieldState } from '../model/permissions';
import type { Row } from '../model/types';

interface Props {
  count: number;
  onClose: () => void;
  onApply: (field: string, value: unknown) => Promise<string | null>;
}

export function MultiEditDialog({ count, onClose, onApply }: Props) {
  const { definition } = useEntityScope();
  const viewer = useEntityState((s) => s.viewer);
  const choices = definition.fields.filter(
    (f) =>
      f.copy &&
      f.type !== 'html' &&
      f.name !== definition.keys.name &&
      !fieldState(definition, f, null, viewer).disabled,
  );
  const [name, setName] = useState<string | null>(null);
  const [values, setValues] = useState<Row>({});
  // The field saves when it is left, which the click on Apply causes: read the newest value.
  const latest = useRef<Row>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const source = useValuesSource(definition, values, (field, value) => {
    latest.current = { [field]: value };
    setValues(latest.current);
    return Promise.resolve(null);
  });
  const apply = async () => {
    if (!name) return;
    setBusy(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Many rows at once: say how many and which field before anything is sent.
    const label = choices.find((f) => f.name === name)?.label ?? name;
    if (!(await confirm(`Change ${label} of ${count} ${definition.title.toLowerCase()}?`))) {
      setBusy(false);
      return;
    }
    const refusal = await onApply(name, latest.current[name] ?? null);
    setBusy(false);
    if (refusal) setProblem(refusal);
    else onClose();
  };
  return (
    <Modal opened onClose={onClose} title="Edit selected" centered>
      <Text size="sm" mb="sm">
        Set one field of the {count} selected {definition.title.toLowerCase()}.
      </Text>
      <Select
        label="Field"
        data={choices.map((f) => ({ value: f.name, label: f.label }))}
        value={name}
        onChange={(next) => {
          setName(next);
          latest.current = {};
          setValues({});
          setProblem(null);
        }}
        searchable
        mb="sm"
        comboboxProps={{ withinPortal: true }}
      />
      {name && (
        <EntityEditor
          source={source}
          routeTab={undefined}
          onTabChange={() => undefined}
          only={[name]}
        />
      )}
      {problem && (
        <Alert color="negative" mt="sm" role="alert">
          {problem}
        </Alert>
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={() => void apply()} disabled={!name} loading={busy}>
          Apply
        </Button>
      </Group>
    </Modal>
  );
}
