/** A letter's patient must exist: checked when a letter is written, changed and printed. */
import { patients } from '../../shared/entities';
import type { CallContext } from '../http/calls';
import { badRequest } from '../http/errors';
import { findRow, type Row } from '../entities/repository';

/** Letters can not outlive their patient (the foreign key restricts), but say so plainly if one did. */
const patientGoneText = (id: unknown) =>
  `There is no patient with id ${String(id)}; the patient may have been deleted. ` +
  'Choose another patient for this letter.';

export async function requirePatient(ctx: CallContext, id: unknown): Promise<Row> {
  const company = ctx.caller.company.company_id;
  const patient = typeof id === 'number' ? await findRow(ctx.trx, patients, company, id) : null;
  if (!patient) throw badRequest(patientGoneText(id));
  return patient;
}
