/**
 * Text messages through an SMS gateway, chosen by SMS_URL (off when unset). One provider shape,
 * the plain HTTP one many gateways (and a small relay in front of any other) accept:
 *
 *   POST <SMS_URL>   content-type: application/json
 *   {"to": "+447700900123", "text": "…", "reference": "reminder-sms:42:2026-03-10T10:00:00.000Z"}
 *
 * A user and password in the URL (https://user:pass@gateway.example/send) are sent as HTTP Basic
 * authorisation, not in the address. Any 2xx answer is success; anything else, or no answer within
 * 10 s, is a failure the job queue retries with back-off. `reference` is the message's key: a
 * gateway that keeps it can refuse a repeat.
 */
const SEND_TIMEOUT_MS = 10_000;

interface SmsMessage {
  to: string;
  text: string;
  reference: string;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

export function createSmsSender(smsUrl: string | null): SmsSender | null {
  if (!smsUrl) return null;
  const url = new URL(smsUrl);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (url.username || url.password) {
    const user = decodeURIComponent(url.username);
    const password = decodeURIComponent(url.password);
    headers.authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
    url.username = '';
    url.password = '';
  }
  const target = url.toString();
  return {
    async send(message) {
      const response = await fetch(target, {
        method: 'POST',
        headers,
        body: JSON.stringify(message),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      await response.body?.cancel();
      if (!response.ok) throw new Error(`The SMS gateway answered ${response.status}.`);
    },
  };
}
