/**
 * Reading the audit trail. Nothing here (nor anywhere in the API) changes or deletes an entry:
 * the app role holds neither right on audit_log (0001), and pruning goes through
 * prune_audit_log (0022) from the server's own job, never from a call.
 */
import { z } from 'zod';
import { AUDIT_PAGE_SIZE, HISTORY_VIEWS } from '../../shared/audit-trail';
import { ISO_DATE_TEXT, isIsoDate } from '../../shared/iso-date';
import { boundedText } from '../../shared/users';
import { defineCall, type CallDefinition } from '../http/calls';
import { trailCsv } from './csv';
import { patientHistory, recordPrescriptionPrint, trailPage, userActivity } from './service';

/**
 * Held by admins only: no group can be granted it (it is in no module's routes), and admins hold
 * every privilege.
 */
const ADMINS_ONLY = { privilege: 'audit/read_trail' };

const id = z.number().int().positive();
const day = z.string().max(10).refine(isIsoDate, ISO_DATE_TEXT);
const page = { before_id: id.optional(), limit: z.number().int().min(1).max(200).optional() };
const filters = z
  .object({
    user_id: id.optional(),
    entity: boundedText(64).optional(),
    action: boundedText(64).optional(),
    from: day.optional(),
    to: day.optional(),
  })
  .strict();

export const auditCalls: CallDefinition[] = [
  defineCall({
    path: 'audit/get_patient_history',
    access: { privilege: 'patients/list' },
    input: z.object({ patient_id: id, views: z.enum(HISTORY_VIEWS).optional(), ...page }).strict(),
    handler: async (ctx, input) => ({
      data: await patientHistory(
        ctx,
        input.patient_id,
        input.before_id,
        input.limit ?? AUDIT_PAGE_SIZE,
        input.views,
      ),
    }),
  }),
  defineCall({
    path: 'audit/get_user_activity',
    // Seeing what a colleague did is part of managing accounts, not of listing them.
    access: { privilege: 'users/update' },
    input: z.object({ user_id: id, ...page }).strict(),
    handler: async (ctx, input) => ({
      data: await userActivity(ctx, input.user_id, input.before_id, input.limit ?? AUDIT_PAGE_SIZE),
    }),
  }),
  // The print page draws a prescription in the browser: it says so here, as a letter's does by
  // patientletters/get_printable.
  defineCall({
    path: 'audit/record_prescription_print',
    access: { privilege: 'prescriptions/list' },
    input: z.object({ prescription_id: id }).strict(),
    handler: async (ctx, input) => {
      await recordPrescriptionPrint(ctx, input.prescription_id);
      return {};
    },
  }),
  defineCall({
    path: 'audit/list',
    access: ADMINS_ONLY,
    input: z.object({ filters: filters.optional(), ...page }).strict(),
    handler: async (ctx, input) => ({
      data: await trailPage(
        ctx,
        input.filters ?? {},
        input.before_id,
        input.limit ?? AUDIT_PAGE_SIZE,
      ),
    }),
  }),
  defineCall({
    path: 'audit/export',
    access: ADMINS_ONLY,
    input: z.object({ filters: filters.optional() }).strict(),
    handler: async (ctx, input) => {
      const csv = await trailCsv(ctx, input.filters ?? {});
      await ctx.audit({ action: 'export', entity: 'audit_log', after: input.filters ?? {} });
      return {
        data: { filename: `audit-trail-${new Date().toISOString().slice(0, 10)}.csv`, csv },
      };
    },
  }),
];
