/**
 * An import by id of a file exported earlier: each row carries the version it had then (the
 * export's hidden last column). A row changed in Materia since is not overwritten: it is
 * refused with who changed it and when, like the editor's stale save (../entities/versions.ts).
 */
import type { EntityDefinition } from '../../shared/entities';
import { VERSION_KEY, type Row } from '../entities/repository';
import { lastChange, whenText } from '../entities/versions';
import type { CallContext } from '../http/calls';
import { ApiError } from '../http/errors';

/** Refuses the row when its stored version is not the one the file was exported with. */
export async function refuseChangedSinceExport(
  ctx: CallContext,
  d: EntityDefinition,
  stored: Row,
  exported: number | undefined,
): Promise<void> {
  if (exported === undefined || stored[VERSION_KEY] === exported) return;
  const change = await lastChange(ctx, d, stored[d.keys.id] as number);
  const who = change?.name?.trim();
  const said = [who ? `by ${who}` : '', change ? whenText(change.at) : ''].filter(Boolean);
  const details = said.length > 0 ? ` (${said.join(', ')})` : '';
  throw new ApiError(
    409,
    `This row was changed in Materia since it was exported${details}: ` +
      'export again or leave this row out.',
  );
}
