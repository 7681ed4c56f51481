/**
 * A prescription's total price, stored with it whenever its lines are saved: the same sum the
 * screen and the printout show (src/shared/prescription-totals.ts), in the company's currency.
 */
import { prescriptions } from '../../shared/entities';
import type { PrescriptionLineValues } from '../../shared/entities/prescription-lines';
import { prescriptionTotals } from '../../shared/prescription-totals';
import type { CallContext } from '../http/calls';
import { companyUnits } from '../modules/company-units';
import { updateRow } from '../entities/repository';

export async function storeTotal(
  ctx: CallContext,
  id: number,
  lines: PrescriptionLineValues[],
): Promise<void> {
  const company = ctx.caller.company.company_id;
  const { currency } = await companyUnits(ctx.trx, company);
  const total = prescriptionTotals(lines, currency).price;
  await updateRow(ctx.trx, prescriptions, company, id, { prescription_total_price: total });
}
