/** Payload pieces shared by the module and preference calls. */
import { z } from 'zod';
import { maxLengthText } from '../../shared/limits';
import { FIELD_MISSING_TEXT } from '../../shared/envelope';
import { badRequest } from '../http/errors';

export const moduleIdField = z.number().int().positive();

/** Optional in the schema so that a missing field gets the product's fixed text, not zod's. */
export const fieldField = z.string().max(64, maxLengthText(64)).optional();

export function requireField(field: string | undefined): string {
  if (field === undefined || field === '') throw badRequest(FIELD_MISSING_TEXT);
  return field;
}

/** `value` may be any JSON, null included; only its absence is refused. */
export function requireValue<T>(value: T | undefined): T {
  if (value === undefined) throw badRequest('"value" is required.');
  return value;
}
