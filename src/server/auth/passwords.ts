/** Argon2id with the OWASP parameters (m=19 MiB, t=2, p=1), and the one way a password is set. */
import { hash, verify } from '@node-rs/argon2';
import { passwordProblems } from '../../shared/password';
import type { Tx } from '../db/tenancy';
import { badRequest } from '../http/errors';

// Algorithm.Argon2id (a const enum the compiler cannot inline under verbatimModuleSyntax).
const ARGON2ID = 2;

const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

/** A hash of nothing anyone knows: verifying against it costs the same as a real account. */
let decoy: Promise<string> | null = null;

export async function verifyPassword(stored: string | null | undefined, password: string) {
  if (!stored) {
    decoy ??= hashPassword(`decoy-${Math.random()}`);
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}

/**
 * Refuses a password that breaks the password rules, naming every broken rule with its exact text.
 */
function requireAcceptablePassword(password: string): void {
  const problems = passwordProblems(password);
  if (problems.length) throw badRequest(problems.join(' '));
}

/** Checks the rules, then stores the new hash. Callers revoke sessions and audit. */
export async function setPasswordOf(
  trx: Tx,
  companyId: number,
  userId: number,
  password: string,
): Promise<void> {
  requireAcceptablePassword(password);
  await trx
    .updateTable('users')
    .set({ user_password_hash: await hashPassword(password), user_updated_at: new Date() })
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .execute();
}
