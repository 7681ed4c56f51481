/** A rule several entity sets share: a new row is written by the current user unless it names someone. */
import type { CallContext } from '../http/calls';
import type { Row } from './repository';

/** The current user as author, unless the row names someone. */
export function authoredBy(ctx: CallContext, values: Row, column: string): void {
  if (values[column] === undefined || values[column] === null) values[column] = ctx.user.user_id;
}
