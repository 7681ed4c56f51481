/**
 * The zod rules behind field definitions, shared by the server (which enforces them) and the web
 * (which shows the same messages before a call is made). Messages use the fixed product texts where
 * they give a text and otherwise say plainly what a valid value looks like.
 */
import { z } from 'zod';
import { HEX_COLOUR } from '../colours';
import {
  ISO_DATE_TEXT,
  ISO_DATE_TIME_TEXT,
  ISO_INSTANT_TEXT,
  isIsoDate,
  isoDateTime,
  isoInstant,
} from '../iso-date';
import { LONG_TEXT_MAX_LENGTH, maxLengthText } from '../limits';

export const EMPTY_TEXT = 'Can not be empty';
export const NEGATIVE_TEXT = 'Must not be negative.';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const TEL = /^[0-9+()\-.\s]*$/;
const WEB_ADDRESS = /^(https?:\/\/\S+|\/\S*)$/;

/** Rich text is trimmed, and a lone line break becomes empty. */
export function normaliseRichText(html: string): string {
  const trimmed = html.trim();
  return /^(<p>\s*(<br\s*\/?>)?\s*<\/p>|<br\s*\/?>|\n)$/i.test(trimmed) ? '' : trimmed;
}

/**
 * Rich text is printed and shown to other staff, so markup that runs code is refused outright
 * rather than half-cleaned: scripts, frames, embedded objects, event attributes, javascript: links.
 */
const ACTIVE_MARKUP = /<\s*(script|iframe|object|embed|style|link|meta)\b|\son\w+\s*=|javascript:/i;
export const hasActiveMarkup = (html: string): boolean => ACTIVE_MARKUP.test(html);

export function textRule(max: number, required: boolean): z.ZodType<string> {
  const rule = z.string().trim().max(max, maxLengthText(max));
  return required ? rule.min(1, EMPTY_TEXT) : rule;
}

function patterned(max: number, required: boolean, pattern: RegExp, text: string) {
  return textRule(max, required).refine((v) => v === '' || pattern.test(v), text);
}

/** E-mail addresses are kept in lower case, as logins compare them. */
export const emailRule = (required: boolean) =>
  patterned(255, required, EMAIL, 'Must be an e-mail address.').transform((v) => v.toLowerCase());
export const urlRule = (required: boolean) =>
  patterned(2000, required, WEB_ADDRESS, 'Must be a web address (https://… or /…).');
export const telRule = (required: boolean) =>
  patterned(50, required, TEL, 'Must be a telephone number: digits, spaces and + ( ) - . only.');
export const colourRule = (required: boolean) =>
  patterned(7, required, HEX_COLOUR, 'Must be a colour such as #6b7a2a.').transform((v) =>
    v.toLowerCase(),
  );

export function htmlRule(required: boolean): z.ZodType<string> {
  const rule = z
    .string()
    .max(LONG_TEXT_MAX_LENGTH, maxLengthText(LONG_TEXT_MAX_LENGTH))
    .transform(normaliseRichText)
    .refine((v) => !hasActiveMarkup(v), 'Must not contain scripts, frames or event handlers.');
  return required ? rule.refine((v) => v !== '', EMPTY_TEXT) : rule;
}

/** YYYY-MM-DD, or with `timed` YYYY-MM-DD HH:mm[:ss] stored as YYYY-MM-DD HH:mm:ss; null. */
export function dateRule(required: boolean, timed = false): z.ZodType<string | null> {
  const blank = z
    .string()
    .nullable()
    .transform((v) => (v === null || v.trim() === '' ? null : v.trim()));
  const rule = timed
    ? blank
        .transform((v) => (v === null ? null : (isoDateTime(v) ?? v)))
        .refine((v) => v === null || isoDateTime(v) === v, ISO_DATE_TIME_TEXT)
    : blank.refine((v) => v === null || isIsoDate(v), ISO_DATE_TEXT);
  return required ? rule.refine((v) => v !== null, EMPTY_TEXT) : rule;
}

/** An instant: ISO 8601 with its offset, kept as the same instant in UTC; null when optional. */
export function instantRule(required: boolean): z.ZodType<string | null> {
  const rule = z
    .string()
    .nullable()
    .transform((v) => (v === null || v.trim() === '' ? null : v.trim()))
    .transform((v) => (v === null ? null : (isoInstant(v) ?? v)))
    .refine((v) => v === null || isoInstant(v) === v, ISO_INSTANT_TEXT);
  return required ? rule.refine((v) => v !== null, EMPTY_TEXT) : rule;
}

export const toggleRule = (): z.ZodType<0 | 1> =>
  z
    .union([z.literal(0), z.literal(1), z.boolean()], { error: 'Must be 1 (Yes) or 0 (No).' })
    .transform((v) => (v === true ? 1 : v === false ? 0 : v));

/** One of the values; the message lists them as the user sees them (labels). */
export function choiceRule(
  values: readonly string[],
  required: boolean,
  labels: readonly string[] = values,
): z.ZodType<string> {
  return z
    .string()
    .refine(
      (v) => values.includes(v) || (!required && v === ''),
      `Must be one of: ${labels.join(', ')}.`,
    );
}

export interface NumberLimits {
  min?: number;
  max?: number;
  integer?: boolean;
  nullable?: boolean;
}

export function numberRule(limits: NumberLimits): z.ZodType<number | null> {
  let rule = z.number({ error: 'Must be a number.' });
  if (limits.integer) rule = rule.int('Must be a whole number.');
  if (limits.min !== undefined) {
    rule = rule.min(
      limits.min,
      limits.min === 0 ? NEGATIVE_TEXT : `Must be at least ${limits.min}.`,
    );
  }
  if (limits.max !== undefined) rule = rule.max(limits.max, `Must be at most ${limits.max}.`);
  return limits.nullable ? rule.nullable() : rule;
}

/** A row id: a positive whole number; null clears an optional reference. */
export function idRule(required: boolean): z.ZodType<number | null> {
  const id = z
    .number({ error: 'Must be an id (a whole number).' })
    .int()
    .positive('Must be an id.');
  return required ? id : id.nullable();
}
