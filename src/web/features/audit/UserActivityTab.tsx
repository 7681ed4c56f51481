/** The user's "Activity" tab: what this user did, newest first (needs users/update to see). */
import { Stack, Text } from '@mantine/core';
import { users } from '../../../shared/entities';
import type { ExtraTabProps } from '../../entity/extras/extraViews';
import { useEntityState } from '../../entity/hooks/entityContext';
import { allowed } from '../../entity/model/permissions';
import { AuditLinesTable } from './AuditLinesTable';
import { useAuditLines } from './useAuditLines';

export function UserActivityTab({ rowId }: ExtraTabProps) {
  const viewer = useEntityState((s) => s.viewer);
  const mayRead = allowed(users, viewer, 'update');
  const trail = useAuditLines('audit/get_user_activity', { user_id: rowId }, mayRead);
  return (
    <Stack gap="sm" mt="md" data-extra-tab="activity">
      {mayRead ? (
        <AuditLinesTable
          trail={trail}
          label="Activity"
          emptyText="This user has done nothing that is recorded yet."
          showUser={false}
        />
      ) : (
        <Text size="sm" c="dimmed">
          Only those who may edit users see their activity.
        </Text>
      )}
    </Stack>
  );
}
