/**
 * Password rules with their fixed texts (do not reword); used live in the web forms and by the
 * server.
 */
import { PASSWORD_MIN_LENGTH } from './limits';

export const PASSWORD_RULES: ReadonlyArray<{ text: string; ok: (password: string) => boolean }> = [
  { text: 'Can not be empty', ok: (p) => p.length > 0 },
  { text: 'Can not contain a space.', ok: (p) => !/\s/.test(p) },
  { text: 'Must contain at least 1 uppercase letter.', ok: (p) => /\p{Lu}/u.test(p) },
  { text: 'Must contain at least 1 number.', ok: (p) => /\d/.test(p) },
  {
    text: `Must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
    ok: (p) => p.length >= PASSWORD_MIN_LENGTH,
  },
];

/** The texts of every rule the password breaks, in rule order; empty when it is acceptable. */
export function passwordProblems(password: string): string[] {
  return PASSWORD_RULES.filter((rule) => !rule.ok(password)).map((rule) => rule.text);
}

/** Upper bound so that hashing cost stays bounded. */
export const PASSWORD_MAX_LENGTH = 256;
