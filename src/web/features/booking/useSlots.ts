/**
 * The free times of one type (and practitioner, or anyone) for the month on show: asked for
 * again when the month, the type or the practitioner changes; never kept longer than the page.
 */
import { useEffect, useState } from 'react';
import { BOOKING_CALLS, type Slot } from '../../../shared/booking';
import { send } from './bookingCalls';
import { monthOf, todayIn } from './when';

interface SlotsState {
  slots: Slot[];
  loading: boolean;
  problem: string | null;
}

export function useSlots(
  typeId: number | null,
  practitionerId: number | null,
  zone: string,
  month: string,
  /** Changing it asks again (after a time was taken meanwhile). */
  refresh = 0,
): SlotsState {
  const [state, setState] = useState<SlotsState>({ slots: [], loading: false, problem: null });
  useEffect(() => {
    if (typeId === null) return;
    let cancelled = false;
    const { first, last } = monthOf(month);
    const today = todayIn(zone);
    if (last < today) {
      setState({ slots: [], loading: false, problem: null });
      return;
    }
    setState((s) => ({ ...s, loading: true }));
    void send<{ slots: Slot[] }>(BOOKING_CALLS.getSlots, {
      appointment_type_id: typeId,
      ...(practitionerId === null ? {} : { practitioner_id: practitionerId }),
      from: first < today ? today : first,
      to: last,
    }).then((answer) => {
      if (cancelled) return;
      setState({
        slots: answer.data?.slots ?? [],
        loading: false,
        problem: answer.ok ? null : answer.text,
      });
    });
    return () => {
      cancelled = true;
    };
  }, [typeId, practitionerId, zone, month, refresh]);
  return state;
}
