/**
 * Adding a row whose definition requires values (a name, a patient, …): the generic editor over
 * those fields only, then `insert` with them (the store's `insert_data`); the new row opens. A
 * required value left empty is said on its field before anything is sent ("Name is required."),
 * and so is a refusal of the server that names one of the dialog's fields. Values that match an
 * existing row in the definition's `duplicateCheck` fields are said first, with the choice to
 * open that row or add anyway. A refusal naming a writable field the dialog lacks (an
 * appointment outside working hours asks why it is booked anyway) adds that field, with the
 * refusal beside it, so that it can be answered there.
 */
import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { fieldOf } from '../../../shared/entities';
import { useEntityScope } from '../hooks/entityContext';
import { useFocusFirstInvalid } from '../hooks/useFocusFirstInvalid';
import { useValuesSource } from '../hooks/useSources';
import { EntityEditor } from '../editor/EntityEditor';
import { duplicateText } from '../model/duplicateText';
import { idOf, missingRequired, refusalText } from '../model/rows';
import type { Row } from '../model/types';
import type { InsertOutcome } from '../model/writeSlice';
import { useAddDialogClose } from './useAddDialogClose';

interface Props {
  fields: readonly string[];
  onClose: () => void;
  /** `shownFields`: the fields whose refusal the dialog shows beside them (no toast needed). */
  onAdd: (values: Row, shownFields: readonly string[]) => Promise<InsertOutcome>;
}

export function AddDialog({ fields, onClose, onAdd }: Props) {
  const { definition, store, navigation } = useEntityScope();
  const [shown, setShown] = useState(fields);
  const answerable = useMemo(
    () => [
      ...new Set([...fields, ...definition.fields.filter((f) => !f.readOnly).map((f) => f.name)]),
    ],
    [definition, fields],
  );
  const [values, setValues] = useState<Row>(() => ({ ...store.getState().insert_data }));
  const latest = useRef(values);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const form = useFocusFirstInvalid(errors);
  // The existing row these values match, once found: said before anything is added.
  const [twin, setTwin] = useState<Row | null>(null);
  const source = useValuesSource(
    definition,
    values,
    (field, value) => {
      latest.current = { ...latest.current, [field]: value };
      setValues(latest.current);
      setTwin(null);
      store.getState().setInsertData(field, value);
      return Promise.resolve(null);
    },
    {},
    errors,
  );
  const add = async (anyway = false) => {
    const missing = missingRequired(definition, shown, latest.current);
    if (Object.keys(missing).length > 0) {
      setErrors(missing);
      return;
    }
    if (!anyway) {
      const found = await store.getState().findDuplicate(latest.current);
      if (found) {
        setTwin(found);
        return;
      }
    }
    const refusal = (await onAdd(latest.current, answerable)).refusal;
    const field = refusal?.field;
    if (refusal && field && answerable.includes(field)) {
      if (!shown.includes(field)) setShown([...shown, field]);
      setErrors({ [field]: refusalText(refusal.text, fieldOf(definition, field)?.label) });
    }
  };
  const run = (anyway: boolean) => {
    setBusy(true);
    void add(anyway).finally(() => setBusy(false));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Let a field that was being typed in save first (it saves when it is left).
    setTimeout(() => run(false), 0);
  };
  const twinId = twin ? idOf(definition, twin) : null;
  const requestClose = useAddDialogClose(
    form,
    latest,
    definition.singular,
    () => store.getState().clearInsertData(),
    onClose,
  );
  return (
    <Modal opened onClose={requestClose} title={`Add ${definition.singular}`} centered>
      <form ref={form} onSubmit={submit} noValidate>
        <EntityEditor
          source={source}
          routeTab={undefined}
          onTabChange={() => undefined}
          only={shown}
        />
        {twin && (
          <Alert color="warning" variant="light" mt="md" role="alert">
            <Text size="sm">{duplicateText(definition, twin)}</Text>
            <Group gap="xs" mt="xs">
              <Button
                size="compact-sm"
                variant="light"
                disabled={twinId === null}
                onClick={() => {
                  onClose();
                  if (twinId !== null) navigation.openRow(twinId);
                }}
              >
                Open it
              </Button>
              <Button size="compact-sm" variant="default" onClick={() => run(true)}>
                Add anyway
              </Button>
            </Group>
          </Alert>
        )}
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={requestClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy} disabled={twin !== null}>
            Add
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
