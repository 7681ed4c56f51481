/** `{entities}/export` for an entity set: listed with the same privilege as `list`. */
import type { EntityDefinition } from '../../shared/entities';
import { defineCall, type Access } from '../http/calls';
import { exportInput } from './input';
import { exportSet } from './service';

export const exportCall = (d: EntityDefinition, access: Access) =>
  defineCall({
    path: `${d.entities}/export`,
    access,
    input: exportInput,
    download: true,
    handler: (ctx, input) => exportSet(ctx, d, input),
  });
