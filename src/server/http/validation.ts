/** Turns a zod failure into one message naming the field (SPEC §5 texts where they exist). */
import type { z } from 'zod';

const fieldName = (path: ReadonlyArray<PropertyKey>) =>
  path.length ? path.map((p) => String(p)).join('.') : 'payload';

export function describeIssue(issue: z.core.$ZodIssue): string {
  const field = fieldName(issue.path);
  switch (issue.code) {
    case 'unrecognized_keys':
      return issue.keys.length === 1
        ? `Unknown field "${issue.keys[0]}".`
        : `Unknown fields ${issue.keys.map((k) => `"${k}"`).join(', ')}.`;
    case 'invalid_type':
      return issue.input === undefined
        ? `"${field}" is required.`
        : `"${field}" must be ${article(issue.expected)}.`;
    default:
      return `"${field}": ${issue.message}`;
  }
}

const article = (expected: string) =>
  ({ object: 'an object', array: 'a list', int: 'a whole number', integer: 'a whole number' })[
    expected
  ] ?? `a ${expected}`;

export function describeError(error: z.ZodError): string {
  return error.issues.map(describeIssue).join(' ');
}
