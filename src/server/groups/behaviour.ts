/** Groups: the administrators group (1) is never deleted and never loses its last member. */
import type { groups } from '../../shared/entities';
import { ADMIN_GROUP_ID } from '../../shared/limits';
import { badRequest } from '../http/errors';
import type { EntityBehaviour } from '../entities/behaviour';
import { assertAdminsRemain } from './admins-remain';

export const groupBehaviour: EntityBehaviour<typeof groups> = {
  beforeDelete(_ctx, rows) {
    if (rows.some((row) => row.group_id === ADMIN_GROUP_ID)) {
      throw badRequest('The administrators group can not be deleted.');
    }
  },
  afterRelationChange: (ctx) => assertAdminsRemain(ctx),
};
