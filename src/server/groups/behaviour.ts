/**
 * Groups: the administrators group (1) is never deleted, never loses its last member, and only
 * administrators change it (its name, key, description, privileges and members).
 */
import type { groups } from '../../shared/entities';
import { ADMIN_GROUP_ID } from '../../shared/limits';
import { badRequest } from '../http/errors';
import type { EntityBehaviour } from '../entities/behaviour';
import { assertAdminsRemain } from './admins-remain';
import { assertMayChangeGroup } from './admin-group';

export const groupBehaviour: EntityBehaviour<typeof groups> = {
  beforeUpdate: (ctx, before) => assertMayChangeGroup(ctx, before.group_id),
  beforeDelete(_ctx, rows) {
    if (rows.some((row) => row.group_id === ADMIN_GROUP_ID)) {
      throw badRequest('The administrators group can not be deleted.');
    }
  },
  afterRelationChange: (ctx) => assertAdminsRemain(ctx),
};
