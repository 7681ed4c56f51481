/**
 * What the diary draws its columns, filters and colours from: the clinic's zone, its
 * practitioners (users marked as such, with their colour), rooms and sites (locations by kind)
 * and appointment types. Read with the generic list calls and cached a while: they change seldom.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { DateTime } from 'luxon';
import { callData } from '../../api/client';
import { diaryApi } from './diaryApi';
import { useClinicTimeZone } from '../../theme/useClinicTimeZone';

export interface Practitioner {
  id: number;
  name: string;
  colour: string;
}
interface Place {
  id: number;
  name: string;
  kind: 'site' | 'room';
  siteId: number | null;
}
interface AppointmentType {
  id: number;
  name: string;
  minutes: number;
  colour: string;
  practitionerIds: number[];
}

type Row = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

const listAll = (entities: string, filters: Row = {}) =>
  callData<Row[]>(`${entities}/list`, { filters, limit: 1000 });

const REFERENCE_STALE_MS = 60_000;

/** The clinic's zone (resolved by the server, with the public settings). */
export const useClinicZone = (): string => useClinicTimeZone();

export type DiaryReference = ReturnType<typeof useDiaryReference>;

export function useDiaryReference() {
  // The practitioners come with their working time: whoever may see the diary may see them.
  const today = DateTime.now().toISODate() ?? '';
  const users = useQuery({
    queryKey: ['diary', 'practitioners'],
    queryFn: () => diaryApi.availability(today, today),
    staleTime: REFERENCE_STALE_MS,
  });
  const locations = useQuery({
    queryKey: ['diary', 'locations'],
    queryFn: () => listAll('locations'),
    staleTime: REFERENCE_STALE_MS,
  });
  const types = useQuery({
    queryKey: ['diary', 'appointment_types'],
    queryFn: () => listAll('appointment_types'),
    staleTime: REFERENCE_STALE_MS,
  });
  return useMemo(() => {
    const practitioners: Practitioner[] = (users.data?.practitioners ?? []).map((p) => ({
      id: p.user_id,
      name: p.name,
      colour: p.colour || '#228be6',
    }));
    const places: Place[] = (locations.data ?? []).map((row) => ({
      id: Number(row.location_id),
      name: text(row.location_name),
      kind: row.location_kind === 'room' ? 'room' : 'site',
      siteId: num(row.location_site_id),
    }));
    const appointmentTypes: AppointmentType[] = (types.data ?? []).map((row) => ({
      id: Number(row.appointment_type_id),
      name: text(row.appointment_type_name),
      minutes: Number(row.appointment_type_duration_minutes ?? 30) || 30,
      colour: text(row.appointment_type_colour) || '#228be6',
      practitionerIds: Array.isArray(row.practitioners) ? row.practitioners.map(Number) : [],
    }));
    return {
      practitioners,
      sites: places.filter((p) => p.kind === 'site'),
      appointmentTypes,
      loading: users.isPending || locations.isPending || types.isPending,
      practitionersLoading: users.isPending,
    };
  }, [
    users.data,
    locations.data,
    types.data,
    users.isPending,
    locations.isPending,
    types.isPending,
  ]);
}
