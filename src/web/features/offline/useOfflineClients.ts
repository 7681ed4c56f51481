/**
 * The offline copies of the signed-in user's recent patients, shaped for reading: each with its
 * name, when it was copied and its filled-in fields as label/text pairs (from the patients
 * definition, so a new field shows up here too).
 */
import { useEffect, useState } from 'react';
import { patients } from '../../../shared/entities/patients';
import type { FieldDefinition } from '../../../shared/entities';
import { displayDate, textOf } from '../../entity/model/format';
import type { Row } from '../../entity/model/types';
import { useSession } from '../../session/store';
import { listClients, OFFLINE_CLIENTS_MAX } from './clientStore';
import { ownerOf } from './recordClients';

interface ClientDetail {
  label: string;
  text: string;
}

export interface ClientCopy {
  id: number;
  name: string;
  /** "21/11/2026 04:05". */
  asOf: string;
  details: ClientDetail[];
}

const asOfFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'short', timeStyle: 'short' });

function textOfField(field: FieldDefinition, row: Row): string {
  const value = row[field.name];
  if (field.references) return textOf(row[`${field.name}_label`] ?? '');
  if (field.value === 'date') return displayDate(value);
  if (field.options) return field.options.find((o) => o.value === value)?.label ?? textOf(value);
  if (field.value === 'json' || field.value === 'id' || field.type === 'tree_select') return '';
  return textOf(value);
}

function copyOf(row: Row, savedAt: string, id: number): ClientCopy {
  const details = patients.fields
    .filter((f) => f.name !== patients.keys.name)
    .map((f) => ({ label: f.label, text: textOfField(f, row).trim() }))
    .filter((d) => d.text !== '');
  return {
    id,
    name: textOf(row[patients.keys.name]) || `Patient ${id}`,
    asOf: asOfFormat.format(new Date(savedAt)),
    details,
  };
}

export function useOfflineClients() {
  const owner = useSession(ownerOf);
  const [clients, setClients] = useState<ClientCopy[] | null>(null);
  useEffect(() => {
    if (!owner) {
      setClients([]);
      return;
    }
    let live = true;
    void listClients(owner).then((rows) => {
      if (live) setClients(rows.map((c) => copyOf(c.row, c.saved_at, c.id)));
    });
    return () => {
      live = false;
    };
  }, [owner]);
  return { signedIn: owner !== null, clients, max: OFFLINE_CLIENTS_MAX };
}
