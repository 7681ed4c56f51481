/**
 * Adding a row whose definition requires values (a name, a patient, …): the generic editor over
 * those fields only, then `insert` with them (the store's `insert_data`); the new row opens. A
 * required value left empty is said on its field before anything is sent ("Name is required."),
 * and so is a refusal of the server that names one of the dialog's fields.
 */
import { Button, Group, Modal } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import { fieldOf } from '../../../shared/entities';
import { useEntityScope } from '../hooks/entityContext';
import { useValuesSource } from '../hooks/useSources';
import { EntityEditor } from '../editor/EntityEditor';
import { missingRequired, refusalText } from '../model/rows';
import type { Row } from '../model/types';
import type { InsertOutcome } from '../model/writeSlice';

interface Props {
  fields: readonly string[];
  onClose: () => void;
  onAdd: (values: Row) => Promise<InsertOutcome>;
}

export function AddDialog({ fields, onClose, onAdd }: Props) {
  const { definition, store } = useEntityScope();
  const [values, setValues] = useState<Row>(() => ({ ...store.getState().insert_data }));
  const latest = useRef(values);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const source = useValuesSource(
    definition,
    values,
    (field, value) => {
      latest.current = { ...latest.current, [field]: value };
      setValues(latest.current);
      store.getState().setInsertData(field, value);
      return Promise.resolve(null);
    },
    {},
    errors,
  );
  const add = async () => {
    const missing = missingRequired(definition, fields, latest.current);
    if (Object.keys(missing).length > 0) {
      setErrors(missing);
      return;
    }
    const refusal = (await onAdd(latest.current)).refusal;
    const field = refusal?.field;
    if (refusal && field && fields.includes(field)) {
      setErrors({ [field]: refusalText(refusal.text, fieldOf(definition, field)?.label) });
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Let a field that was being typed in save first (it saves when it is left).
    setTimeout(() => {
      setBusy(true);
      void add().finally(() => setBusy(false));
    }, 0);
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Add ${definition.singular}`}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <EntityEditor
          source={source}
          routeTab={undefined}
          onTabChange={() => undefined}
          only={fields}
        />
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Add
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
