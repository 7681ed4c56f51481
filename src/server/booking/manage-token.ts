/**
 * The manage link's token: `v1.<company>.<appointment>.<expires>.<signature>`, the signature an
 * HMAC-SHA256 of the rest under the deployment's shared secret (migration 0045). It names one
 * appointment of one clinic and expires; it needs no row, and any server verifies it. Changing
 * any part (another clinic, another appointment, a later expiry) breaks the signature, and a
 * token of clinic A presented at clinic B is refused even though its signature is good.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Tx } from '../db/tenancy';
import { sharedSecret } from '../auth/server-secrets';

const SECRET_NAME = 'booking_manage_token';
const VERSION = 'v1';
/**
 * A link works until a week after the appointment's start, so that it still opens (and says the
 * appointment has passed, or shows it) when staff moved the appointment a little later.
 */
const MANAGE_LINK_DAYS_AFTER_START = 7;

/** The secret never changes once created, so one read per server is enough. */
let cachedSecret: string | null = null;

async function secretOf(trx: Tx): Promise<string> {
  cachedSecret ??= await sharedSecret(trx, SECRET_NAME);
  return cachedSecret;
}

const sign = (secret: string, body: string): Buffer =>
  createHmac('sha256', secret).update(body).digest();

interface ManageClaim {
  companyId: number;
  appointmentId: number;
  /** Milliseconds since 1970. */
  expiresAt: number;
}

export async function manageToken(trx: Tx, claim: ManageClaim): Promise<string> {
  const body = [VERSION, claim.companyId, claim.appointmentId, Math.floor(claim.expiresAt / 1000)];
  const text = body.join('.');
  return `${text}.${sign(await secretOf(trx), text).toString('base64url')}`;
}

/** The expiry a new link gets: a week after the appointment's start. */
export const manageExpiry = (start: Date): number =>
  start.getTime() + MANAGE_LINK_DAYS_AFTER_START * 86_400_000;

/**
 * The appointment the token names, when it is genuine, unexpired and of this company; null for
 * anything else (one answer for all: the caller learns nothing from a refusal).
 */
export async function readManageToken(
  trx: Tx,
  token: string,
  companyId: number,
  now = Date.now(),
): Promise<number | null> {
  const parts = token.split('.');
  if (parts.length !== 5 || parts[0] !== VERSION) return null;
  const [, company, appointment, expires, signature = ''] = parts;
  const numbers = [company, appointment, expires].map((p) =>
    /^\d{1,15}$/.test(p ?? '') ? Number(p) : NaN,
  );
  if (numbers.some((n) => !Number.isSafeInteger(n))) return null;
  const expected = sign(await secretOf(trx), parts.slice(0, 4).join('.'));
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [companyOf, appointmentId, expiresSeconds] = numbers as [number, number, number];
  if (companyOf !== companyId || expiresSeconds * 1000 <= now) return null;
  return appointmentId;
}
