/**
 * The manage link's page state: the booking the token names, and cancelling or moving it. A move
 * answers a new token (the new appointment's), which the page then shows.
 */
import { useCallback, useEffect, useState } from 'react';
import { BOOKING_CALLS, type Booked, type BookingView, type Slot } from '../../../shared/booking';
import { asksForCaptcha, send } from './bookingCalls';

export function useManageBooking(initialToken: string) {
  const [token, setToken] = useState(initialToken);
  const [booking, setBooking] = useState<BookingView | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [captchaShown, setCaptchaShown] = useState(false);
  const [captcha, setCaptcha] = useState<string | null>(null);

  const load = useCallback(async (manageToken: string) => {
    const answer = await send<BookingView>(BOOKING_CALLS.getBooking, { manage_token: manageToken });
    if (answer.ok && answer.data) setBooking(answer.data);
    else setProblem(answer.text);
  }, []);

  useEffect(() => {
    void load(initialToken);
  }, [load, initialToken]);

  const cancel = useCallback(async () => {
    setPending(true);
    const answer = await send<BookingView>(BOOKING_CALLS.cancel, { manage_token: token });
    setPending(false);
    if (answer.ok && answer.data) {
      setBooking(answer.data);
      setNotice(answer.text);
      setProblem(null);
    } else setProblem(answer.text);
  }, [token]);

  const move = useCallback(
    async (slot: Slot) => {
      setPending(true);
      const answer = await send<Booked>(BOOKING_CALLS.reschedule, {
        manage_token: token,
        start: slot.start,
        ...(captcha ? { altcha: captcha } : {}),
      });
      setPending(false);
      if (asksForCaptcha(answer)) setCaptchaShown(true);
      if (!answer.ok || !answer.data) return setProblem(answer.text);
      setToken(answer.data.manage_token);
      setNotice('Your appointment has been moved.');
      setProblem(null);
      await load(answer.data.manage_token);
      return undefined;
    },
    [token, captcha, load],
  );

  return { booking, problem, notice, pending, cancel, move, captchaShown, setCaptcha };
}
