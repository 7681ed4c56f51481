/** Argon2id with the OWASP parameters (m=19 MiB, t=2, p=1). */
import { hash, verify } from '@node-rs/argon2';

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
