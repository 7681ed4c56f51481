/**
 * What the diary draws its columns, filters and colours from: the clinic's zone, its
 * practitioners (users marked as such, with their colour), rooms and sites (locations by kind)
 * and appointment types. Read with the generic list calls and cached a while: they change seldom.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { PRODUCT_MODULE } from '../../../shared/module-entry';
import { TIME_ZONE_SETTING } from '../../../shared/product-module';
import { callData } from '../../api/client';
import { useSettings } from '../../session/queries';
import { diaryZone } from './diaryTime';

export interface Practitioner {
  id: number;
  name: string;
  colour: string;
}
export interface Place {
  id: number;
  name: string;
  kind: 'site' | 'room';
  siteId: number | null;
}
export interface AppointmentType {
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

/**
 * The clinic's zone: the product setting `time_zone`, or while the clinic left it empty the
 * browser's zone (a stop-gap: the server then uses its own zone, which the web does not know).
 */
export function useClinicZone(): string {
  const setting = useSettings().data?.[PRODUCT_MODULE]?.[TIME_ZONE_SETTING];
  return diaryZone(typeof setting === 'string' ? setting : '');
}

export type DiaryReference = ReturnType<typeof useDiaryReference>;

export function useDiaryReference() {
  const users = useQuery({
    queryKey: ['diary', 'practitioners'],
    queryFn: () => listAll('users', { user_practitioner: 1 }),
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
    const practitioners: Practitioner[] = (users.data ?? []).map((row) => ({
      id: Number(row.user_id),
      name:
        [text(row.user_first_name), text(row.user_last_name)].join(' ').trim() ||
        text(row.user_name) ||
        text(row.user_email),
      colour: text(row.user_colour) || '#228be6',
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
      rooms: places.filter((p) => p.kind === 'room'),
      sites: places.filter((p) => p.kind === 'site'),
      appointmentTypes,
      loading: users.isPending || locations.isPending || types.isPending,
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
