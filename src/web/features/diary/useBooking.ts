/**
 * The booking form's logic: a patient found by typing, or a new one made inline (first and last
 * name, date of birth, e-mail, phone); practitioner, type, day, time and length; then
 * `appointments/insert`, or `diary/book_series` when it repeats (every N weeks, until a day or N
 * times). A clash is shown as the server words it; outside working hours the server's
 * warning is shown with a box for the reason to book anyway.
 */
import { useQueryClient } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { useState } from 'react';
import { call } from '../../api/client';
import { showToast } from '../../api/toasts';
import { diaryApi, type Recurrence } from './diaryApi';
import type { BookingStart } from './useDiary';
import type { DiaryReference } from './useDiaryReference';
import { DIARY_RANGE_KEY } from './useDiaryRange';

export interface NewPatient {
  first: string;
  last: string;
  dob: string;
  email: string;
  phone: string;
}

const EMPTY_PATIENT: NewPatient = { first: '', last: '', dob: '', email: '', phone: '' };

/** Makes the patient; their id, or the server's refusal text. */
async function insertPatient(p: NewPatient): Promise<number | string> {
  const envelope = await call<{ patient_id: number }>(
    'patients/insert',
    {
      patient_first_name: p.first.trim(),
      patient_last_name: p.last.trim(),
      ...(p.dob ? { patient_dob: p.dob } : {}),
      ...(p.email.trim() ? { patient_email: p.email.trim() } : {}),
      ...(p.phone.trim() ? { patient_mobile: p.phone.trim() } : {}),
    },
    { silent: true },
  );
  if (envelope.result) return Number(envelope.data.patient_id);
  return envelope.messages.map((m) => m.text).join(' ') || 'The patient was not saved.';
}

export function useBooking(
  start: BookingStart,
  zone: string,
  reference: DiaryReference,
  onDone: () => void,
) {
  const client = useQueryClient();
  const startsAt = start.start ? DateTime.fromISO(start.start).setZone(zone) : null;
  const [patientId, setPatientId] = useState<number | null>(start.patientId);
  const [creating, setCreating] = useState(false);
  const [patient, setPatient] = useState<NewPatient>(EMPTY_PATIENT);
  const [practitionerId, setPractitionerId] = useState<number | null>(
    start.practitionerId ?? reference.practitioners[0]?.id ?? null,
  );
  const [typeId, setTypeIdState] = useState<number | null>(null);
  const [date, setDate] = useState(
    startsAt?.toISODate() ?? DateTime.now().setZone(zone).toISODate() ?? '',
  );
  const [time, setTime] = useState(startsAt?.toFormat('HH:mm') ?? '09:00');
  const [minutes, setMinutes] = useState(30);
  const [notes, setNotes] = useState('');
  const [warning, setWarning] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Repeating: off, or every N weeks ending on a day or after N times.
  const [repeats, setRepeats] = useState(false);
  const [everyWeeks, setEveryWeeks] = useState(1);
  const [endsBy, setEndsBy] = useState<'count' | 'until'>('count');
  const [count, setCount] = useState(6);
  const [until, setUntil] = useState('');

  const setTypeId = (id: number | null) => {
    setTypeIdState(id);
    const type = reference.appointmentTypes.find((t) => t.id === id);
    if (type) setMinutes(type.minutes);
  };

  const begins = DateTime.fromISO(`${date}T${time}`, { zone });
  const patientReady = creating
    ? patient.first.trim() !== '' && patient.last.trim() !== ''
    : patientId !== null;
  const recurrence: Recurrence | null = !repeats
    ? null
    : endsBy === 'until'
      ? { every_weeks: everyWeeks, until }
      : { every_weeks: everyWeeks, count };
  const recurrenceReady =
    !recurrence || (everyWeeks >= 1 && (endsBy === 'until' ? until > date : count >= 2));
  const ready =
    patientReady &&
    practitionerId !== null &&
    begins.isValid &&
    minutes > 0 &&
    recurrenceReady &&
    !busy;

  async function submit() {
    if (!ready || practitionerId === null) return;
    setBusy(true);
    setError(null);
    try {
      let id = patientId;
      if (creating) {
        const made = await insertPatient(patient);
        if (typeof made === 'string') return setError(made);
        id = made;
        setPatientId(made);
        setCreating(false);
      }
      if (id === null) return;
      const request = {
        patient_id: id,
        practitioner_id: practitionerId,
        type_id: typeId,
        start: begins.toISO({ suppressMilliseconds: true }) ?? '',
        end: begins.plus({ minutes }).toISO({ suppressMilliseconds: true }) ?? '',
        ...(start.roomId ? { room_id: start.roomId } : {}),
        ...(notes.trim() ? { notes: notes.trim() } : {}),
        ...(warning && reason.trim() ? { override_reason: reason.trim() } : {}),
      };
      const outcome = recurrence
        ? await diaryApi.bookSeries(request, recurrence)
        : await diaryApi.book(request);
      if (outcome.kind === 'saved') {
        showToast({ type: 's', text: recurrence ? 'Appointments booked.' : 'Appointment booked.' });
        await client.invalidateQueries({ queryKey: DIARY_RANGE_KEY });
        onDone();
      } else if (outcome.kind === 'warning') setWarning(outcome.text);
      else setError(outcome.text);
    } finally {
      setBusy(false);
    }
  }

  return {
    patientId,
    setPatientId,
    creating,
    setCreating,
    patient,
    setPatientField: (field: keyof NewPatient, value: string) =>
      setPatient((p) => ({ ...p, [field]: value })),
    practitionerId,
    setPractitionerId,
    typeId,
    setTypeId,
    date,
    setDate,
    time,
    setTime,
    minutes,
    setMinutes,
    notes,
    setNotes,
    repeats,
    setRepeats,
    everyWeeks,
    setEveryWeeks,
    endsBy,
    setEndsBy,
    count,
    setCount,
    until,
    setUntil,
    warning,
    reason,
    setReason,
    error,
    busy,
    ready: ready && (!warning || reason.trim() !== ''),
    submit,
  };
}
