/**
 * Prescriptions: a new one is written by the current user unless another practitioner is named,
 * and is titled after its patient and date unless given a title. Its extra calls read and save
 * the lines (./lines.ts, which also stores the total, ./totals.ts), read the batches it was
 * dispensed from (../stock/prescription-batches.ts) and dispense it
 * (./dispensing.ts), and repeat it as a new draft (./repeat.ts). A dispensed one stays as it was: the engine refuses changes to it from the
 * definition's `lockedWhen` (../entities/values.ts refuseLocked).
 */
import { z } from 'zod';
import { patients, type prescriptions } from '../../shared/entities';
import { displayDate } from '../../shared/entities/merge-fields';
import { saveLinesSchema } from '../../shared/entities/prescription-lines';
import { todayIso } from '../../shared/iso-date';
import { PATIENT_HISTORY_LIMIT } from '../../shared/limits';
import type { CallContext } from '../http/calls';
import { authoredBy } from '../entities/authored-by';
import type { EntityBehaviour } from '../entities/behaviour';
import { idInput } from '../entities/payloads';
import { findRow, type Row } from '../entities/repository';
import { prescriptionBatches } from '../stock/prescription-batches';
import { dispense } from './dispensing';
import { readFormulas, readLines, requirePrescription, saveLines } from './lines';
import { repeatPrescription } from './repeat';
import { dispenseSchema, readSafetyFacts, safetyFactsSchema } from './safety';

const byId = z.strictObject({ prescription_id: idInput });
const byPatient = z.strictObject({ prescription_patient_id: idInput });

/** A new prescription (added or repeated): its practitioner, and its title when not given. */
async function completeNew(ctx: CallContext, values: Row): Promise<void> {
  authoredBy(ctx, values, 'prescription_user_id');
  if (values.prescription_name) return;
  const patient = await findRow(
    ctx.trx,
    patients,
    ctx.caller.company.company_id,
    values.prescription_patient_id as number,
  );
  const date = typeof values.prescription_date === 'string' ? values.prescription_date : todayIso();
  const name = patient?.patient_name ?? 'Prescription';
  values.prescription_name = `${name}, ${displayDate(date)}`;
}

/** A read of one prescription's part (its lines, its batches); a missing one answers 404. */
const partOf = (read: (ctx: CallContext, id: number) => Promise<unknown>) => ({
  route: 'list' as const,
  input: byId,
  handler: async (ctx: CallContext, input: z.output<typeof byId>) => {
    await requirePrescription(ctx, input.prescription_id);
    return { data: await read(ctx, input.prescription_id) };
  },
});

export const prescriptionBehaviour: EntityBehaviour<typeof prescriptions> = {
  beforeInsert: completeNew,
  calls: {
    get_lines: partOf(readLines),
    // The batches that went into it (none until dispensed), for its label.
    get_batches: partOf(prescriptionBatches),
    // The patient's formulas over time, for the history tab.
    get_formulas: {
      route: 'list',
      input: byPatient,
      handler: async (ctx, input: z.output<typeof byPatient>) => ({
        data: await readFormulas(ctx, input.prescription_patient_id, PATIENT_HISTORY_LIMIT),
      }),
    },
    // The patient's record, the herbs' cautions and the stock the editor's warnings need.
    get_safety_facts: {
      route: 'list',
      input: safetyFactsSchema,
      handler: async (ctx, input: z.output<typeof safetyFactsSchema>) => ({
        data: await readSafetyFacts(ctx, input),
      }),
    },
    save_lines: {
      route: 'update',
      input: saveLinesSchema,
      handler: async (ctx, input: z.output<typeof saveLinesSchema>) => ({
        data: await saveLines(ctx, input.prescription_id as number, input.lines),
      }),
    },
    // A new draft: it needs the insert privilege, whatever the source's state.
    repeat: {
      route: 'insert',
      input: byId,
      handler: async (ctx, input: z.output<typeof byId>) => ({
        data: await repeatPrescription(ctx, input.prescription_id, completeNew),
      }),
    },
    // Its privilege route is the one the Dispense button declares.
    dispense: {
      input: dispenseSchema,
      handler: async (ctx, input: z.output<typeof dispenseSchema>) => ({
        data: await dispense(ctx, input.prescription_id, input.reason),
      }),
    },
  },
};
