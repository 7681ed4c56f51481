/**
 * Turns a zod failure into one message naming the field (the product's fixed texts where they
 * exist).
 */
import type { z } from 'zod';

const fieldName = (path: ReadonlyArray<PropertyKey>) =>
  path.length ? path.map((p) => String(p)).join('.') : 'payload';

/**
 * What a value of each type zod can expect is called in a message: "must be text", "must be a
 * whole number". Types no payload of ours declares still read as words, never as zod's names.
 */
const TYPE_WORDS: Readonly<Record<string, string>> = {
  string: 'text',
  number: 'a number',
  nan: 'a number',
  int: 'a whole number',
  integer: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  tuple: 'a list',
  set: 'a list',
  object: 'an object',
  record: 'an object',
  map: 'an object',
  date: 'a date',
  null: 'null',
  undefined: 'left out',
  void: 'left out',
  nonoptional: 'given',
  never: 'left out',
};

export const typeWords = (expected: string): string => TYPE_WORDS[expected] ?? 'a valid value';

/** "text, a number or a list". */
const alternatives = (words: readonly string[]) =>
  words.length <= 1
    ? (words[0] ?? 'a valid value')
    : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;

/** A union that failed on type alone in every branch (unions inside it too): the types it takes. */
function unionTypes(issue: z.core.$ZodIssueInvalidUnion, words: string[] = []): string[] | null {
  for (const branch of issue.errors) {
    const only = branch.length === 1 ? branch[0] : undefined;
    if (!only || only.path.length > 0) return null;
    if (only.code === 'invalid_union') {
      if (!unionTypes(only, words)) return null;
      continue;
    }
    if (only.code !== 'invalid_type') return null;
    const word = typeWords(only.expected);
    if (!words.includes(word)) words.push(word);
  }
  return words.length ? words : null;
}

/**
 * Missing or of the wrong type? Parsed with `{ reportInput: true }` the issue says; else only
 * zod's own message does ("… received undefined"), which a rule's custom message replaces.
 */
const isMissing = (issue: z.core.$ZodIssueInvalidType) =>
  'input' in issue ? issue.input === undefined : /received undefined$/.test(issue.message);

/** Field name → label, for payloads whose fields a definition labels (an entity's insert). */
export type FieldLabels = Readonly<Record<string, string>>;

/**
 * The labelled field an issue is about: a top-level field with a label. Its message then says the
 * label ("Name is required."), and names the field for the client to show the message beside it.
 */
function labelledField(
  issue: z.core.$ZodIssue,
  labels: FieldLabels,
): { name: string; label: string } | null {
  const name = issue.path.length === 1 ? String(issue.path[0]) : null;
  const label = name !== null && Object.hasOwn(labels, name) ? labels[name] : undefined;
  return name !== null && label !== undefined ? { name, label } : null;
}

/** The message of one issue, naming the fields `labels` labels by their labels. */
export const describeIssueWith =
  (labels: FieldLabels) =>
  (issue: z.core.$ZodIssue): string =>
    describeWith(issue, labels);

export const describeIssue = describeIssueWith({});

function describeWith(issue: z.core.$ZodIssue, labels: FieldLabels): string {
  const labelled = labelledField(issue, labels);
  const subject = labelled ? labelled.label : `"${fieldName(issue.path)}"`;
  switch (issue.code) {
    case 'unrecognized_keys':
      return issue.keys.length === 1
        ? `Unknown field "${issue.keys[0]}".`
        : `Unknown fields ${issue.keys.map((k) => `"${k}"`).join(', ')}.`;
    case 'invalid_type':
      return isMissing(issue)
        ? `${subject} is required.`
        : `${subject} must be ${typeWords(issue.expected)}.`;
    case 'invalid_union': {
      const types = unionTypes(issue);
      if (types && issue.message === 'Invalid input') {
        return `${subject} must be ${alternatives(types)}.`;
      }
      return `${subject}: ${issue.message}`;
    }
    default:
      return `${subject}: ${issue.message}`;
  }
}

export function describeError(error: z.ZodError, labels: FieldLabels = {}): string {
  return error.issues.map(describeIssueWith(labels)).join(' ');
}

/** The labelled field the first issue names, if any: the message's `field`. */
export function fieldOfError(error: z.ZodError, labels: FieldLabels = {}): string | undefined {
  const first = error.issues[0];
  return first ? labelledField(first, labels)?.name : undefined;
}
