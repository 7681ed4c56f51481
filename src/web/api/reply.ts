/** Pure reading of a reply: an envelope, or something else that the user must see raw. */
import type { Envelope, Message } from '../../shared/envelope';
import { TOAST_OTHER_MS, TOAST_SUCCESS_MS } from '../../shared/limits';

type Reply<T> = { ok: true; envelope: Envelope<T> } | { ok: false; raw: unknown };

/** A reply without a `result` field is not an envelope (the Application Error dialog). */
export function readReply<T>(status: number, text: string): Reply<T> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, raw: { status, body: text } };
  }
  if (typeof body !== 'object' || body === null || !('result' in body)) {
    return { ok: false, raw: body };
  }
  const envelope = body as Envelope<T>;
  return {
    ok: true,
    envelope: {
      ...envelope,
      result: Boolean(envelope.result),
      messages: Array.isArray(envelope.messages) ? envelope.messages.filter(isMessage) : [],
    },
  };
}

function isMessage(value: unknown): value is Message {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Message).text === 'string' &&
    typeof (value as Message).type === 'string'
  );
}

export type ToastKind = 'success' | 'warning' | 'info' | 'error';

/** s or p success; w warning; i info; anything else an error. */
export function toastKind(type: string): ToastKind {
  switch (type) {
    case 's':
    case 'p':
      return 'success';
    case 'w':
      return 'warning';
    case 'i':
      return 'info';
    default:
      return 'error';
  }
}

/** A message's own timeout, else 5 s for success and 10 s for the others. */
export function toastTimeout(message: Pick<Message, 'type' | 'timeout'>): number {
  if (typeof message.timeout === 'number' && message.timeout > 0) return message.timeout;
  return toastKind(message.type) === 'success' ? TOAST_SUCCESS_MS : TOAST_OTHER_MS;
}

/** The token fields a reply may carry at its top level (login, token refresh). */
export function tokenFieldsOf(
  envelope: Envelope,
): Partial<Pick<Envelope, 'hash' | 'hash_expire' | 'logged_in_at' | 'userlogin_id'>> | null {
  if (typeof envelope.hash !== 'string' || envelope.hash === '') return null;
  const fields: Partial<Pick<Envelope, 'hash' | 'hash_expire' | 'logged_in_at' | 'userlogin_id'>> =
    { hash: envelope.hash };
  if (typeof envelope.hash_expire === 'string') fields.hash_expire = envelope.hash_expire;
  if (typeof envelope.logged_in_at === 'string') fields.logged_in_at = envelope.logged_in_at;
  if (typeof envelope.userlogin_id === 'number') fields.userlogin_id = envelope.userlogin_id;
  return fields;
}
