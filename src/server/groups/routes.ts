/** Group privilege calls; see src/server/api.ts for how they are registered. */
import { z } from 'zod';
import { availablePrivileges } from '../../shared/modules';
import { defineCall, type CallDefinition } from '../http/calls';
import { groupPrivileges, syncGroupPrivileges } from './service';

const groupId = z.number().int().positive();
const LIST_GROUPS = { privilege: 'groups/list' };

export const groupCalls: CallDefinition[] = [
  defineCall({
    path: 'groups/get_available_privileges',
    access: LIST_GROUPS,
    input: z.strictObject({}),
    handler: () => Promise.resolve({ data: availablePrivileges() }),
  }),
  defineCall({
    path: 'groups/get_group_privileges',
    access: LIST_GROUPS,
    input: z.strictObject({ group_id: groupId }),
    handler: async (ctx, input) => ({ data: await groupPrivileges(ctx, input.group_id) }),
  }),
  defineCall({
    path: 'groups/sync_group_privileges',
    access: { privilege: 'groups/sync_group_privileges' },
    input: z.strictObject({
      group_id: groupId,
      // The catalogue offers about a hundred strings; the cap only stops absurd payloads.
      group_privileges: z.array(z.string().max(200)).max(1000),
    }),
    handler: async (ctx, input) => ({
      data: await syncGroupPrivileges(ctx, input.group_id, input.group_privileges),
      messages: [{ type: 's', text: 'The group privileges are saved.' }],
    }),
  }),
];
