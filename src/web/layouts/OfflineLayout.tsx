/** The small offline layout: a plain bar and the page; works from the cached shell. */
import '../theme/allStyles';
import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { Outlet } from 'react-router';
import { QueryProvider } from '../app/QueryProvider';
import { IdleLockGate } from '../features/idle-lock/IdleLockGate';
import { useCompanySettings } from '../theme/useCompanySettings';

export function OfflineLayout() {
  return (
    <QueryProvider>
      {/* The offline copies are patient data: a locked screen keeps them hidden here too. */}
      <IdleLockGate>
        <OfflineFrame />
      </IdleLockGate>
    </QueryProvider>
  );
}

function OfflineFrame() {
  const { companyName } = useCompanySettings();
  return (
    <Box mih="100vh">
      <Box component="header" className="materia-header" px="md" py="sm">
        <Group justify="space-between">
          <Text fw={700}>{companyName || 'Materia'} — offline</Text>
          <Anchor href="/app" c="inherit" size="sm" underline="always">
            Back to Materia
          </Anchor>
        </Group>
      </Box>
      <Container component="main" size="md" py="lg">
        <Outlet />
      </Container>
    </Box>
  );
}
