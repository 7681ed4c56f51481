/**
 * A patient's record history as the tab shows it: its changes, prints and sends first, with the
 * views (a line per opening, soon most of the lines) counted by month above them — "Viewed 14
 * times by 3 people this month" — until the user asks to see every view as a line.
 */
import { useState } from 'react';
import type { HistoryViews, ViewMonth } from '../../../shared/audit-trail';
import { useAuditLines } from './useAuditLines';

const times = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "this month", "last month", or "in April 2026". */
function whenMonth(month: string, now: Date): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const back = (now.getUTCFullYear() - year) * 12 + now.getUTCMonth() + 1 - number;
  if (back === 0) return 'this month';
  if (back === 1) return 'last month';
  const name = new Date(Date.UTC(year, number - 1)).toLocaleString('en-GB', {
    month: 'long',
    timeZone: 'UTC',
  });
  return `in ${name} ${year}`;
}

/** "Viewed 14 times by 3 people this month". */
function viewsText(m: ViewMonth, now = new Date()): string {
  return `Viewed ${times(m.views, 'time', 'times')} by ${times(m.people, 'person', 'people')} ${whenMonth(m.month, now)}`;
}

export function useRecordHistory(patientId: number) {
  const [views, setViews] = useState<HistoryViews>('grouped');
  const trail = useAuditLines('audit/get_patient_history', { patient_id: patientId, views });
  const viewed = trail.viewed ?? [];
  return {
    trail,
    everyView: views === 'every',
    viewLines: viewed.map((m) => ({ month: m.month, text: viewsText(m) })),
    toggleViews: () => setViews((v) => (v === 'every' ? 'grouped' : 'every')),
  };
}
