/**
 * `{entities}/import`: needs the insert privilege of the entity set (and, for rows that name an
 * id, its update privilege, checked by the service).
 */
import type { EntityDefinition } from '../../shared/entities';
import type { EntityService } from '../entities/service';
import { defineCall, type Access } from '../http/calls';
import { importInput } from './input';
import { importFile } from './service';

export const importCall = (d: EntityDefinition, service: EntityService, access: Access) =>
  defineCall({
    path: `${d.entities}/import`,
    access,
    input: importInput,
    handler: async (ctx, input) => ({ data: await importFile(ctx, d, service, input) }),
  });
