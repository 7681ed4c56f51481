/**
 * "Repeat prescription": prescriptions/repeat copies the formula, lines included, into a new
 * draft for the same patient (src/server/prescriptions/repeat.ts), which then opens. Offered to
 * whoever may add prescriptions, whatever the state of the one shown (a dispensed one is the
 * usual source).
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../api/client';
import { useEntityScope, useEntityState } from '../hooks/entityContext';
import { allowed } from '../model/permissions';
import { idOf } from '../model/rows';
import { rowUri } from '../model/routes';
import type { Row } from '../model/types';

export function useRepeatPrescription(prescriptionId: number) {
  const { definition, store } = useEntityScope();
  const viewer = useEntityState((s) => s.viewer);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const mayRepeat = definition.capabilities.insert && allowed(definition, viewer, 'insert');
  const repeat = async () => {
    setBusy(true);
    // A refusal shows as a toast.
    const reply = await call<Row>('prescriptions/repeat', {
      prescription_id: prescriptionId,
    }).catch(() => null);
    setBusy(false);
    const id = reply?.result ? idOf(definition, reply.data) : null;
    if (id === null) return;
    void store.getState().loadList();
    void navigate(rowUri(definition.entities, id));
  };
  return { mayRepeat, busy, repeat };
}
