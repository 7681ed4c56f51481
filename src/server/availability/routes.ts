/**
 * `diary/get_availability`: each practitioner's working intervals over a range of clinic days,
 * for the diary screen's shading. Whoever may list appointments may see when people work.
 */
import {
  getAvailabilitySchema,
  type AvailabilityReply,
  type GetAvailabilityInput,
} from '../../shared/diary/availability';
import { privilegeOf } from '../../shared/privileges';
import { clinicTimeZone } from '../diary/time-zone';
import { defineCall, type CallContext, type CallDefinition } from '../http/calls';
import { readAvailability } from './service';
import { ZoneClock } from './zone-clock';

async function getAvailability(
  ctx: CallContext,
  input: GetAvailabilityInput,
): Promise<AvailabilityReply> {
  const zone = await clinicTimeZone(ctx);
  const read = await readAvailability(ctx.trx, ctx.caller.company.company_id, {
    from: input.from,
    to: input.to,
    zone,
    ...(input.practitioner_ids ? { practitionerIds: input.practitioner_ids } : {}),
  });
  const clock = new ZoneClock(zone);
  return {
    zone,
    practitioners: read.practitioners.map((p) => ({
      user_id: p.user_id,
      name: p.name,
      colour: p.colour,
      intervals: read.working
        .filter((w) => w.practitioner_id === p.user_id)
        .map((w) => ({
          start: clock.iso(w.start),
          end: clock.iso(w.end),
          day: w.day,
          location_id: w.location_id,
        })),
    })),
  };
}

export const availabilityCalls: CallDefinition[] = [
  defineCall({
    path: 'diary/get_availability',
    access: { privilege: privilegeOf('appointments', 'list') },
    input: getAvailabilitySchema,
    handler: async (ctx, input) => ({ data: await getAvailability(ctx, input) }),
  }),
];
