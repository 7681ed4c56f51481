/**
 * The diary's calls. Thin: each names its privilege of the appointments module (list, insert,
 * update) and hands its checked payload to the service. The `diary/` prefix names no module, so
 * each also refuses while the appointments module (the Diary) is switched off, as its generic
 * calls do.
 */
import { appointments } from '../../shared/entities';
import { privilegeOf } from '../../shared/privileges';
import { defineCall, type CallContext, type CallDefinition } from '../http/calls';
import { forbidden } from '../http/errors';
import { cancelAppointment, moveAppointment, setStatus } from './actions';
import {
  bookSeriesSchema,
  cancelSchema,
  getRangeSchema,
  moveSchema,
  patientAppointmentsSchema,
  setStatusSchema,
} from './input';
import { patientAppointments, getRange } from './reads';
import { bookSeries } from './series';

const access = (route: 'list' | 'insert' | 'update') => ({
  privilege: privilegeOf(appointments.entities, route),
});

async function diaryOn(ctx: CallContext): Promise<void> {
  const on = await ctx.services.moduleCache.isEnabled(
    ctx.trx,
    ctx.caller.company.company_id,
    appointments.entities,
  );
  if (!on) throw forbidden('The Diary module is disabled.');
}

export const diaryCalls: CallDefinition[] = [
  defineCall({
    path: 'diary/get_range',
    access: access('list'),
    input: getRangeSchema,
    handler: async (ctx, input) => {
      await diaryOn(ctx);
      return { data: await getRange(ctx, input) };
    },
  }),
  defineCall({
    path: 'diary/get_patient_appointments',
    access: access('list'),
    input: patientAppointmentsSchema,
    handler: async (ctx, input) => {
      await diaryOn(ctx);
      return { data: await patientAppointments(ctx, input.patient_id) };
    },
  }),
  defineCall({
    path: 'diary/move',
    access: access('update'),
    input: moveSchema,
    handler: async (ctx, input) => {
      await diaryOn(ctx);
      return { data: await moveAppointment(ctx, input) };
    },
  }),
  defineCall({
    path: 'diary/cancel',
    access: access('update'),
    input: cancelSchema,
    handler: async (ctx, input) => {
      await diaryOn(ctx);
      return { data: await cancelAppointment(ctx, input) };
    },
  }),
  defineCall({
    path: 'diary/set_status',
    access: access('update'),
    input: setStatusSchema,
    handler: async (ctx, input) => {
      await diaryOn(ctx);
      return { data: await setStatus(ctx, input) };
    },
  }),
  defineCall({
    path: 'diary/book_series',
    access: access('insert'),
    input: bookSeriesSchema,
    handler: async (ctx, input) => {
      await diaryOn(ctx);
      return { data: await bookSeries(ctx, input) };
    },
  }),
];
