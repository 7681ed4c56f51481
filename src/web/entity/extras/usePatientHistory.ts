/**
 * One section of the patient's "Prescriptions and letters" tab: the patient's rows of a kind
 * (newest first, at most HISTORY_LIMIT, with the total when there are more), what the viewer may
 * do with them, and creating a new one, which then opens. The tab is drawn anew whenever it is
 * opened, and the rows are never kept, so a change made elsewhere shows then.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { call, callData } from '../../api/client';
import { useSession } from '../../session/store';
import { useEntityState } from '../hooks/entityContext';
import { allowed } from '../model/permissions';
import { idOf } from '../model/rows';
import { rowUri } from '../model/routes';
import type { Row } from '../model/types';
import {
  HISTORY_LIMIT,
  historyQuery,
  newestFirst,
  newRowValues,
  showAllLink,
  type PatientRecordKind,
} from './patientRecordKinds';

async function fetchHistory(kind: PatientRecordKind, patientId: number) {
  const { entities } = kind.definition;
  const query = historyQuery(kind, patientId);
  const rows = await callData<Row[]>(`${entities}/list`, query);
  // Counted only when the page is full: the usual patient has fewer.
  const total =
    rows.length < HISTORY_LIMIT
      ? rows.length
      : (await callData<{ count: number }>(`${entities}/count`, { filters: query.filters })).count;
  return { rows: newestFirst(kind, rows), total };
}

export function usePatientHistory(kind: PatientRecordKind, patientId: number, patient: Row) {
  const { definition } = kind;
  // The slot's own `disabled` follows patients/update; these rows follow their own privileges.
  const viewer = useEntityState((s) => s.viewer);
  const mayList = allowed(definition, viewer, 'list');
  const mayInsert = definition.capabilities.insert && allowed(definition, viewer, 'insert');
  const slug = useSession((s) => s.company_slug);
  const userId = useSession((s) => s.user?.user_id ?? null);
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);

  const history = useQuery({
    queryKey: ['patient-history', slug, userId, definition.entities, patientId],
    queryFn: () => fetchHistory(kind, patientId),
    enabled: mayList,
    staleTime: 0,
    // Dropped as soon as the tab closes: reopened, it loads afresh rather than first showing
    // rows that may have been deleted meanwhile.
    gcTime: 0,
  });

  const create = async () => {
    setCreating(true);
    // The server's messages (a refusal) show as toasts.
    const reply = await call<Row>(
      `${definition.entities}/insert`,
      newRowValues(kind, patient, patientId),
    ).catch(() => null);
    setCreating(false);
    const id = reply?.result ? idOf(definition, reply.data) : null;
    if (id !== null) void navigate(rowUri(definition.entities, id));
  };

  const rows = history.data?.rows ?? [];
  const total = history.data?.total ?? null;
  return {
    mayList,
    mayInsert,
    loading: history.isPending && mayList,
    failed: history.isError,
    rows,
    total,
    showAll: showAllLink(kind, patientId, rows.length, total),
    creating,
    create,
  };
}
