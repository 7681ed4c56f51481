/**
 * The diary's review calls (issue 44 point 9): who is due for review, a rebooking e-mail, and a
 * practitioner's printable day sheet. They read patients' names and clinical facts, so each needs
 * the patients read privilege besides the diary's.
 */
import { z } from 'zod';
import { defineCall, type CallDefinition } from '../http/calls';
import { privilegeOf } from '../../shared/privileges';
import { appointments, patients } from '../../shared/entities';
import { dateRule, idRule, numberRule } from '../../shared/entities/rules';
import { dueForReview } from './due';
import { sendRebooking } from './rebooking';
import { daySheetDownload } from './day-sheet';

const REVIEW_DAYS_MAX = 90;

const dueForReviewSchema = z.strictObject({
  within_days: numberRule({ integer: true, min: 1, max: REVIEW_DAYS_MAX }).optional(),
  /** One patient only (the patient screen's line). */
  patient_id: idRule(true).optional(),
});

const sendRebookingSchema = z.strictObject({ patient_id: idRule(true) });

const daySheetSchema = z.strictObject({
  practitioner_id: idRule(true),
  date: dateRule(true),
});

const alsoNeeds = [privilegeOf(patients.module, 'list')];
const readsPatients = { privilege: privilegeOf(appointments.module, 'list'), alsoNeeds };
/** An invitation to book is the diary's act, as booking is. */
const invitesPatients = { privilege: privilegeOf(appointments.module, 'insert'), alsoNeeds };

export const diaryReviewCalls: CallDefinition[] = [
  defineCall({
    path: 'diary/get_due_for_review',
    access: readsPatients,
    input: dueForReviewSchema,
    handler: async (ctx, input) => ({ data: await dueForReview(ctx, input) }),
  }),
  defineCall({
    path: 'diary/send_rebooking',
    access: invitesPatients,
    input: sendRebookingSchema,
    handler: async (ctx, input) => ({
      data: await sendRebooking(ctx, Number(input.patient_id)),
      messages: [{ type: 's', text: 'The rebooking e-mail was sent.' }],
    }),
  }),
  defineCall({
    path: 'diary/print_day_sheet',
    access: readsPatients,
    input: daySheetSchema,
    download: true,
    handler: (ctx, input) =>
      daySheetDownload(ctx, Number(input.practitioner_id), String(input.date)),
  }),
];
