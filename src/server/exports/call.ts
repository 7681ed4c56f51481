/**
 * `{entities}/export` for an entity set: it needs the module's own export privilege, never
 * implied by `list` (a view-only user must not take the whole set away; issue 43 #8).
 */
import type { EntityDefinition } from '../../shared/entities';
import { exportPrivilegeOf, exportRefusalText } from '../../shared/exports';
import { defineCall } from '../http/calls';
import { exportInput } from './input';
import { exportSet } from './service';

export const exportCall = (d: EntityDefinition) =>
  defineCall({
    path: `${d.entities}/export`,
    access: { privilege: exportPrivilegeOf(d), refusal: exportRefusalText(d) },
    input: exportInput,
    download: true,
    handler: (ctx, input) => exportSet(ctx, d, input),
  });
