/**
 * Working hours and exceptions beyond the generic engine (named in src/server/entity-behaviours.ts):
 * - the practitioner must be a user marked as one (user_practitioner = 1);
 * - an end after its start, days in order, a fortnightly rule with the day its weeks count from;
 * - the label ("Tue 09:00–17:00", "Day off 24–26 Dec") written when left empty.
 * The database holds end-after-start and days-in-order too (migration 0044); these say which
 * field is wrong before it has to.
 */
import {
  availability_exceptions,
  working_hours,
  type EntityDefinition,
} from '../../shared/entities';
import {
  exceptionLabel,
  workingHourLabel,
  type ExceptionLabelled,
  type WorkingHourLabelled,
} from '../../shared/diary/availability-labels';
import type { EntityBehaviour } from '../entities/behaviour';
import type { Row } from '../entities/repository';
import type { CallContext } from '../http/calls';
import {
  refreshLabel,
  refuse,
  requireDaysInOrder,
  requireEndAfterStart,
  requirePractitioner,
  withChange,
} from './behaviour-rules';

function checkWorkingHour(d: EntityDefinition, row: Row): void {
  requireEndAfterStart(d, row, 'working_hour_start', 'working_hour_end');
  requireDaysInOrder(d, row, 'working_hour_valid_from', 'working_hour_valid_until');
  const every = Number(row.working_hour_every_weeks ?? 1);
  if (every > 1 && !row.working_hour_valid_from)
    throw refuse(
      d,
      'working_hour_valid_from',
      `Every ${every} weeks counts its weeks from this day: give the first day it applies.`,
    );
}

const hourLabel = (row: Row) => workingHourLabel(row as unknown as WorkingHourLabelled);

/** Fills the label of a new row whose name was left empty. */
function fillLabel(d: EntityDefinition, values: Row, label: (row: Row) => string): void {
  const name = d.keys.name;
  const given = values[name];
  if (typeof given !== 'string' || given.trim() === '') values[name] = label(values);
}

function makeBehaviour(
  d: EntityDefinition,
  practitionerField: string,
  check: (d: EntityDefinition, row: Row) => void,
  label: (row: Row) => string,
): EntityBehaviour {
  return {
    async beforeInsert(ctx: CallContext, values: Row) {
      check(d, values);
      await requirePractitioner(ctx, d, practitionerField, values[practitionerField]);
      fillLabel(d, values, label);
    },
    async beforeUpdate(ctx, before, field, value) {
      check(d, withChange(before, field, value));
      if (field.name === practitionerField) await requirePractitioner(ctx, d, field.name, value);
    },
    async afterUpdate(ctx, before, after) {
      await refreshLabel(ctx, d, before, after, label);
    },
  };
}

export const workingHourBehaviour = makeBehaviour(
  working_hours,
  'working_hour_user_id',
  checkWorkingHour,
  hourLabel,
);

function checkException(d: EntityDefinition, row: Row): void {
  // Either time may be left out: "from 13:00" is the rest of each day, "until 10:00" its start.
  requireEndAfterStart(d, row, 'availability_exception_start', 'availability_exception_end');
  requireDaysInOrder(d, row, 'availability_exception_from', 'availability_exception_until');
  if (row.availability_exception_kind === 'extra_hours' && !row.availability_exception_user_id)
    throw refuse(
      d,
      'availability_exception_user_id',
      'Extra hours are a practitioner’s: choose one.',
    );
}

const exceptionLabelOf = (row: Row) => exceptionLabel(row as unknown as ExceptionLabelled);

export const availabilityExceptionBehaviour = makeBehaviour(
  availability_exceptions,
  'availability_exception_user_id',
  checkException,
  exceptionLabelOf,
);
