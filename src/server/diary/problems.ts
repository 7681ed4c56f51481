/**
 * Many appointments written in one call (a series, a series edit): all or nothing. Each write's
 * clash or outside-hours warning is collected instead of stopping at the first, so the answer
 * names every one; then, if any, the call is refused and its transaction rolls back.
 */
import { ApiError } from '../http/errors';

export class Problems {
  private readonly clashes: string[] = [];
  private readonly warnings: string[] = [];
  private overrideField: string | undefined;

  /** Runs one write; a 409 (a clash, or a warning that may be overridden) is noted, not thrown. */
  async run<T>(work: () => Promise<T>): Promise<T | undefined> {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 409) throw error;
      if (error.extra.type === 'w') {
        this.warnings.push(error.message.replace(/ To book it anyway, give a reason\.$/, ''));
        this.overrideField = error.extra.field;
      } else this.clashes.push(error.message.replace(/\.$/, ''));
      return undefined;
    }
  }

  /** Refuses the call when any write was refused: clashes first, as they can not be overridden. */
  throwIfAny(): void {
    if (this.clashes.length) {
      throw new ApiError(409, `Nothing was booked or moved: ${this.clashes.join('; ')}.`, {
        field: 'start',
        data: { clashes: this.clashes },
      });
    }
    if (this.warnings.length) {
      const field = this.overrideField ?? 'override_reason';
      const reason = this.warnings.join(' ');
      throw new ApiError(409, `${reason} To book anyway, give a reason.`, {
        type: 'w',
        field,
        data: { override: { field, reason } },
      });
    }
  }
}
