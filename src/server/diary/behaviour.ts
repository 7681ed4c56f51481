/**
 * Appointments through the generic calls (appointments/insert, update, import): the rules of
 * ./rules.ts, the clinic-zone label, the outside-hours warning (./hours.ts), the slot's queue and
 * the clash's message (./clash.ts), and what follows a change (./after-write.ts).
 */
import { isLive } from '../../shared/diary/statuses';
import { appointments } from '../../shared/entities';
import type { EntityBehaviour } from '../entities/behaviour';
import { updateRow, type Row } from '../entities/repository';
import { afterWrite } from './after-write';
import { clashError, holdSlot } from './clash';
import { checkHours } from './hours';
import { refreshNextAppointment } from './next-appointment';
import { checkAppointment, defaultEnd, touchesSlot } from './rules';
import { clinicTimeZone } from './time-zone';

const OVERRIDE_FIELD = 'appointment_override_reason';

export const appointmentBehaviour: EntityBehaviour<typeof appointments> = {
  fillInsert: (ctx, given) => defaultEnd(ctx, given),

  async beforeInsert(ctx, values) {
    Object.assign(values, await checkAppointment(ctx, null, values, await clinicTimeZone(ctx)));
    if (isLive(String(values.appointment_status))) {
      await checkHours(ctx, values, OVERRIDE_FIELD);
      await holdSlot(ctx, values);
    }
  },

  async explainWriteError(ctx, error, values) {
    const clash = await clashError(ctx, error, values);
    if (clash) throw clash;
  },

  afterInsert: (ctx, row) => afterWrite(ctx, null, row),

  async beforeUpdate(ctx, before, field, value) {
    const row: Row = { ...before, [field.name]: value };
    await checkAppointment(ctx, before, row, await clinicTimeZone(ctx));
    if (touchesSlot(before, row)) {
      await checkHours(ctx, row, OVERRIDE_FIELD);
      await holdSlot(ctx, row);
    }
  },

  async afterUpdate(ctx, before, after) {
    const derived = await checkAppointment(ctx, before, after, await clinicTimeZone(ctx));
    const id = after.appointment_id;
    if (Object.keys(derived).length)
      await updateRow(ctx.trx, appointments, ctx.caller.company.company_id, id, derived);
    await afterWrite(ctx, before, { ...after, ...derived });
  },

  async afterDelete(ctx, rows) {
    const company = ctx.caller.company.company_id;
    await refreshNextAppointment(
      ctx.trx,
      company,
      await clinicTimeZone(ctx),
      rows.map((row) => row.appointment_patient_id),
    );
  },
};
