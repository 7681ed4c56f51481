/**
 * The admin "Audit trail" screen's logic: the filters (user, record type, action, dates), the
 * lines they select, the users to choose from and the CSV export of the filtered trail.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  AUDIT_FILTER_ACTIONS,
  auditActionLabel,
  type AuditFilters,
} from '../../../shared/audit-trail';
import { ENTITIES, type FilterDefinition } from '../../../shared/entities';
import type { FilterValue } from '../../../shared/filters';
import { isAdmin } from '../../../shared/privileges';
import { callData } from '../../api/client';
import { rangeOfValue, valueOfRange } from '../../entity/model/dateFilter';
import { useSession } from '../../session/store';
import { useAuditLines } from './useAuditLines';

interface FilterValues {
  user: string | null;
  entity: string | null;
  action: string | null;
  from: string;
  to: string;
}

const NO_FILTERS: FilterValues = { user: null, entity: null, action: null, from: '', to: '' };

const ENTITY_OPTIONS = ENTITIES.map((d) => ({ value: d.entities, label: d.title })).sort((a, b) =>
  a.label.localeCompare(b.label),
);
const ACTION_OPTIONS = AUDIT_FILTER_ACTIONS.map((a) => ({
  value: a,
  label: auditActionLabel(a),
}));

/** The dates as the lists' date filters take them: DD/MM/YYYY ends and the named ranges. */
export const WHEN_FILTER: FilterDefinition = {
  name: 'when',
  column: 'audit_at',
  type: 'date',
  label: 'When',
};

/** Only the filters given (a payload names no empty filter). */
function filtersOf(v: FilterValues): AuditFilters {
  return {
    ...(v.user ? { user_id: Number(v.user) } : {}),
    ...(v.entity ? { entity: v.entity } : {}),
    ...(v.action ? { action: v.action } : {}),
    ...(v.from ? { from: v.from } : {}),
    ...(v.to ? { to: v.to } : {}),
  };
}

function download(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function useAuditTrail() {
  const admin = useSession((s) => isAdmin(s.user?.group_ids ?? []));
  const slug = useSession((s) => s.company_slug);
  const [values, setValues] = useState<FilterValues>(NO_FILTERS);
  const filters = useMemo(() => filtersOf(values), [values]);
  const trail = useAuditLines('audit/list', { filters }, admin);
  const userOptions = useQuery({
    queryKey: ['audit', slug, 'users'],
    queryFn: () => callData<Array<{ id: number; label: string }>>('users/typeahead', {}),
    enabled: admin,
  });
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const file = await callData<{ filename: string; csv: string }>(
        'audit/export',
        { filters },
        { quiet: false },
      );
      download(file.filename, file.csv);
    } finally {
      setExporting(false);
    }
  };

  const users = (userOptions.data ?? []).map((u) => ({ value: String(u.id), label: u.label }));
  const choices = [
    { name: 'user', label: 'User', data: users, searchable: true },
    { name: 'entity', label: 'Record type', data: ENTITY_OPTIONS, searchable: true },
    { name: 'action', label: 'Action', data: ACTION_OPTIONS, searchable: false },
  ] as const;

  const set = (change: Partial<FilterValues>) => setValues((v) => ({ ...v, ...change }));
  return {
    admin,
    choices,
    values,
    set,
    when: valueOfRange({ from: values.from || null, to: values.to || null }),
    setWhen: (value: FilterValue) => {
      const range = rangeOfValue(typeof value === 'string' ? value : '');
      set({ from: range.from ?? '', to: range.to ?? '' });
    },
    clear: () => setValues(NO_FILTERS),
    trail,
    exporting,
    exportCsv: () => void exportCsv().catch(() => undefined),
  };
}
