/**
 * Why an appointment falls outside its practitioner's working time, or null: the availability
 * engine's answer (src/server/availability/, outsideHoursReason), for a live appointment only.
 */
import type { CallContext } from '../http/calls';
import type { Row } from '../entities/repository';

export async function outsideHours(ctx: CallContext, row: Row): Promise<string | null> {
  void ctx;
  void row;
  return Promise.resolve(null); // wired to outsideHoursReason once the availability engine lands
}
