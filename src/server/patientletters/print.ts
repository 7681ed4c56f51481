/**
 * patientletters/get_printable: the letter as /printing/patientletters/{id} prints it — the
 * letterhead (company name from the public settings, the clinic's address and phone from the
 * private ones, letter date), the patient's name and
 * address, and the body with its merge fields filled in and its markup sanitised. Filling and
 * sanitising happen here, under the caller's tenancy, so the page only shows what it is given.
 */
import { patientletters, users } from '../../shared/entities';
import type { PrintableLetter } from '../../shared/entities/patientletters';
import { resolveMergeFields, type MergeValues } from '../../shared/entities/merge-fields';
import { todayIso } from '../../shared/iso-date';
import { sanitiseHtml } from '../../shared/sanitise-html';
import type { CallContext } from '../http/calls';
import { notFound } from '../http/errors';
import { PRODUCT_MODULE } from '../../shared/modules';
import { publicSettingsOf, settingsOf } from '../modules/present';
import { findModuleByName } from '../modules/repository';
import { findRow, type Row } from '../entities/repository';
import { notFoundText } from '../entities/values';
import { requirePatient } from './patient';

const textOf = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

function addressOf(patient: Row): string[] {
  const town = [textOf(patient.patient_city), textOf(patient.patient_postcode)]
    .filter(Boolean)
    .join(' ');
  return [
    textOf(patient.patient_address_line1),
    textOf(patient.patient_address_line2),
    town,
    textOf(patient.patient_county),
    textOf(patient.patient_country_id_label),
  ].filter(Boolean);
}

/**
 * The letter filled and sanitised, with nothing audited: each caller audits what it did. `body`
 * stands for the stored one when the editor checks text it has not saved yet.
 */
export async function composeLetter(
  ctx: CallContext,
  id: number,
  body?: string,
): Promise<{ letter: PrintableLetter; patient: Row }> {
  const company = ctx.caller.company.company_id;
  const letter = await findRow(ctx.trx, patientletters, company, id);
  if (!letter) throw notFound(notFoundText(patientletters, id));
  const patient = await requirePatient(ctx, letter.patientletter_patient_id);
  const writer = letter.patientletter_user_id
    ? await findRow(ctx.trx, users, company, letter.patientletter_user_id)
    : null;
  const product = await findModuleByName(ctx.trx, company, PRODUCT_MODULE);
  const settings = product ? publicSettingsOf(product) : {};
  const clinic = product ? settingsOf(product) : {};
  const companyName = textOf(settings.company_name) || ctx.caller.company.company_name;
  const date = textOf(letter.patientletter_date) || todayIso();
  const values: MergeValues = {
    patient,
    user: writer ?? undefined,
    company: { ...settings, company_name: companyName },
    today: date,
  };
  const filled = resolveMergeFields(body ?? textOf(letter.patientletter_body), values);
  const printable: PrintableLetter = {
    patientletter_id: id,
    patientletter_name: textOf(letter.patientletter_name),
    date,
    company_name: companyName,
    clinic_address: textOf(clinic.clinic_address),
    clinic_phone: textOf(clinic.clinic_phone),
    patient_name: [patient.patient_title, patient.patient_first_name, patient.patient_last_name]
      .map(textOf)
      .filter(Boolean)
      .join(' '),
    address: addressOf(patient),
    html: sanitiseHtml(filled.html),
    empty_fields: filled.empty,
  };
  return { letter: printable, patient };
}

export async function printableLetter(ctx: CallContext, id: number): Promise<PrintableLetter> {
  const { letter } = await composeLetter(ctx, id);
  await ctx.audit({ action: 'print', entity: 'patientletters', entity_id: id });
  return letter;
}
