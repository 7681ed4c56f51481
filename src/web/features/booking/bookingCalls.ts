/**
 * The booking page's calls: the public booking calls (src/shared/booking.ts) without a token, the
 * company from the page's address as the landing page finds it. Messages are shown on the page,
 * not as toasts, so each answer carries its text and the field it names.
 */
import { call, CallError, SERVER_DOWN_TEXT } from '../../api/client';

interface Answer<T> {
  ok: boolean;
  data: T | null;
  text: string;
  /** The payload field a refusal names (start, altcha, …). */
  field: string | null;
  status: 'done' | 'refused' | 'down';
}

export async function send<T>(
  path: string,
  payload: Record<string, unknown> = {},
): Promise<Answer<T>> {
  try {
    const envelope = await call<T>(path, payload, { silent: true, anonymous: true });
    const first = envelope.messages[0] as { field?: string } | undefined;
    return {
      ok: envelope.result,
      data: envelope.data ?? null,
      text: envelope.messages.map((m) => m.text).join(' '),
      field: first?.field ?? null,
      status: envelope.result ? 'done' : 'refused',
    };
  } catch (error) {
    if (!(error instanceof CallError)) throw error;
    const text = error.kind === 'network' ? SERVER_DOWN_TEXT : error.message;
    return { ok: false, data: null, text, field: null, status: 'down' };
  }
}

/** True when a refusal asks for the captcha (the server counts bookings per address). */
export const asksForCaptcha = (answer: Answer<unknown>): boolean =>
  (answer.data as { captcha_required?: boolean } | null)?.captcha_required === true;
