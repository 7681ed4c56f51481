import '../theme/allStyles';
import { Affix, Button, Group, Paper, Text } from '@mantine/core';
import { useSession } from '../session/store';
import { reloadForUpdate } from './serviceWorker';

/** A later reply reported a new version: offer a reload. */
export function VersionNotice() {
  const update = useSession((s) => s.version_update);
  const accept = useSession((s) => s.acceptVersion);
  if (!update) return null;
  return (
    <Affix position={{ bottom: 16, left: 16 }} zIndex={900}>
      <Paper shadow="md" p="md" withBorder role="status" maw={360}>
        <Text fw={600}>A new version of Materia is available.</Text>
        <Text size="sm" mb="sm">
          Reload to use it; anything you have saved stays.
        </Text>
        <Group>
          <Button
            onClick={() => {
              accept();
              void reloadForUpdate();
            }}
          >
            Reload
          </Button>
          <Button variant="default" onClick={accept}>
            Later
          </Button>
        </Group>
      </Paper>
    </Affix>
  );
}
