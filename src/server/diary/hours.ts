/**
 * Outside working hours or inside a break or day off: never silent. The write is refused with a
 * warning (HTTP 409, message type 'w', `data.override = {field, reason}`); the caller may send it
 * again with a reason in `field` (`appointment_override_reason` on the generic calls,
 * `override_reason` on the diary's), which is stored on the appointment.
 */
import type { CallContext } from '../http/calls';
import { ApiError } from '../http/errors';
import type { Row } from '../entities/repository';
import { outsideHours } from './outside-hours';
import { textOf } from './rules';

export async function checkHours(ctx: CallContext, row: Row, field: string): Promise<void> {
  const reason = await outsideHours(ctx, row);
  if (reason === null) return;
  if (textOf(row.appointment_override_reason) !== '') return;
  throw new ApiError(409, `${reason} To book it anyway, give a reason.`, {
    type: 'w',
    field,
    data: { override: { field, reason } },
  });
}
