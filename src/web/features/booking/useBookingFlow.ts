/**
 * The booking page's state: the clinic's options, the choice (type, practitioner or anyone, a
 * free time), the patient's details, the captcha when the server asks for it, and the booking.
 * A time taken meanwhile sends the patient back to the times, asked for afresh.
 */
import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import {
  BOOKING_CALLS,
  type Booked,
  type BookingOptions,
  type Slot,
} from '../../../shared/booking';
import { asksForCaptcha, send } from './bookingCalls';

export interface Details {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  date_of_birth: string;
}

const NO_DETAILS: Details = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  date_of_birth: '',
};

export function useBookingFlow() {
  const [options, setOptions] = useState<BookingOptions | null>(null);
  const [closed, setClosed] = useState<string | null>(null);
  const [typeId, setTypeId] = useState<number | null>(null);
  const [practitionerId, setPractitionerId] = useState<number | null>(null);
  const [slot, setSlot] = useState<Slot | null>(null);
  const [details, setDetails] = useState<Details>(NO_DETAILS);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaShown, setCaptchaShown] = useState(false);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [refresh, setRefresh] = useState(0);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<{ text: string; field: string | null } | null>(null);
  const [booked, setBooked] = useState<Booked | null>(null);

  useEffect(() => {
    void send<BookingOptions>(BOOKING_CALLS.getOptions).then((answer) => {
      if (!answer.ok || !answer.data)
        return setClosed(answer.text || 'Online booking is not available.');
      setOptions(answer.data);
      setCaptchaShown(answer.data.captcha_required);
      if (answer.data.appointment_types.length === 1)
        setTypeId(answer.data.appointment_types[0]?.appointment_type_id ?? null);
    });
  }, []);

  const type = options?.appointment_types.find((t) => t.appointment_type_id === typeId) ?? null;
  const practitioners = useMemo(
    () => options?.practitioners.filter((p) => type?.practitioner_ids.includes(p.user_id)) ?? [],
    [options, type],
  );
  const namesById = useMemo(
    () => new Map(options?.practitioners.map((p) => [p.user_id, p.name]) ?? []),
    [options],
  );

  const chooseType = useCallback((id: number | null) => {
    setTypeId(id);
    setPractitionerId(null);
    setSlot(null);
  }, []);
  const choosePractitioner = useCallback((id: number | null) => {
    setPractitionerId(id);
    setSlot(null);
  }, []);
  const setDetail = useCallback(
    (field: keyof Details, value: string) => setDetails((d) => ({ ...d, [field]: value })),
    [],
  );

  const submit = useCallback(
    async (event?: FormEvent) => {
      event?.preventDefault();
      if (pending || !slot || typeId === null) return;
      if (captchaShown && !captcha) {
        setProblem({ text: 'Please confirm that you are a person first.', field: 'altcha' });
        return;
      }
      setPending(true);
      const answer = await send<Booked>(BOOKING_CALLS.book, {
        appointment_type_id: typeId,
        practitioner_id: slot.practitioner_id,
        start: slot.start,
        ...details,
        ...(captcha ? { altcha: captcha } : {}),
      });
      setPending(false);
      if (captchaShown) setCaptchaKey((k) => k + 1);
      if (answer.ok && answer.data) return setBooked(answer.data);
      if (asksForCaptcha(answer)) setCaptchaShown(true);
      // Gone or never offered: the times are asked for again and the patient picks another.
      if (answer.field === 'start' || /taken/.test(answer.text)) {
        setSlot(null);
        setRefresh((n) => n + 1);
      }
      setProblem({ text: answer.text, field: answer.field });
    },
    [pending, slot, typeId, details, captcha, captchaShown],
  );

  return {
    options,
    closed,
    type,
    typeId,
    chooseType,
    practitioners,
    practitionerId,
    choosePractitioner,
    namesById,
    slot,
    setSlot,
    refresh,
    details,
    setDetail,
    captchaShown,
    captchaKey,
    setCaptcha,
    pending,
    problem,
    submit,
    booked,
  };
}

export type BookingFlow = ReturnType<typeof useBookingFlow>;
