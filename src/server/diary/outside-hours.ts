/**
 * Why an appointment falls outside its practitioner's working time, or null: the availability
 * engine's answer (src/server/availability/, workingHoursProblem), as a sentence.
 */
import type { CallContext } from '../http/calls';
import type { Row } from '../entities/repository';
import { workingHoursProblem } from '../availability/service';
import { toUtcIso, type InstantValue } from './format';
import { clinicTimeZone } from './time-zone';

export async function outsideHours(ctx: CallContext, row: Row): Promise<string | null> {
  const problem = await workingHoursProblem(ctx.trx, ctx.caller.company.company_id, {
    zone: await clinicTimeZone(ctx),
    practitionerId: row.appointment_practitioner_id as number,
    start: toUtcIso(row.appointment_start as InstantValue),
    end: toUtcIso(row.appointment_end as InstantValue),
  });
  return problem === null ? null : `${problem[0]?.toUpperCase() ?? ''}${problem.slice(1)}.`;
}
