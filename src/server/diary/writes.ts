/**
 * The diary's own changes of one appointment (diary/move, diary/cancel, diary/set_status and each
 * member of a series edit): several fields at once, under the same rules, lock, clash message and
 * after-effects as the generic update (./behaviour.ts), and one audit row.
 */
import { appointments } from '../../shared/entities';
import type { CallContext } from '../http/calls';
import { conflict } from '../http/errors';
import { explainedWrite } from '../entities/db-errors';
import { EntityService } from '../entities/service';
import { updateRow, VERSION_KEY, type Row } from '../entities/repository';
import { afterWrite } from './after-write';
import { appointmentBehaviour } from './behaviour';
import { holdSlot } from './clash';
import { checkHours } from './hours';
import { checkAppointment, touchesSlot } from './rules';
import { clinicTimeZone } from './time-zone';

/** The generic service of appointments, with their behaviour: inserts of the diary go through it. */
export const appointmentService = new EntityService(appointments, appointmentBehaviour);

interface ChangeOptions {
  /** The row version the caller saw; a change since refuses the write (409). */
  rowVersion?: number;
  /** Why staff book outside working hours (stored; see ./hours.ts). */
  overrideReason?: string;
}

const STALE_TEXT =
  'This appointment was changed by someone else after you opened the diary; reload to see it.';

export async function changeAppointment(
  ctx: CallContext,
  id: number,
  changes: Row,
  options: ChangeOptions = {},
): Promise<Row> {
  const before = await appointmentService.require(ctx, id, true);
  if (options.rowVersion !== undefined && options.rowVersion !== before[VERSION_KEY])
    throw conflict(STALE_TEXT);
  const values: Row = { ...changes };
  if (options.overrideReason) values.appointment_override_reason = options.overrideReason;
  const row: Row = { ...before, ...values };
  Object.assign(values, await checkAppointment(ctx, before, row, await clinicTimeZone(ctx)));
  Object.assign(row, values);
  if (touchesSlot(before, row)) {
    await checkHours(ctx, row, 'override_reason');
    await holdSlot(ctx, row);
  }
  const company = ctx.caller.company.company_id;
  await explainedWrite(ctx, appointments, appointmentBehaviour, row, () =>
    updateRow(ctx.trx, appointments, company, id, values),
  );
  const after = await appointmentService.require(ctx, id);
  await ctx.audit({ action: 'update', entity: 'appointments', entity_id: id, before, after });
  await afterWrite(ctx, before, after);
  return after;
}
