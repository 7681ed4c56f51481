/** `/offline/clients`: says plainly what works without a connection. */
import { Alert, List, Stack, Text, Title } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';

export function OfflineClientsPage() {
  const { online } = useNetwork();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Working offline
      </Title>
      <Alert
        color={online ? 'positive' : 'warning'}
        variant="light"
        title={online ? 'You are online' : 'You are offline'}
      >
        {online
          ? 'Your device has a connection right now; everything in Materia works as usual.'
          : 'Your device has no connection right now. Only what is listed below works until it is back.'}
      </Alert>
      <Text>What works without a connection:</Text>
      <List spacing={4}>
        <List.Item>
          Opening Materia itself: the app is kept on this device once you have used it.
        </List.Item>
        <List.Item>This page, to check what is and is not available.</List.Item>
      </List>
      <Text>What needs a connection:</Text>
      <List spacing={4}>
        <List.Item>Signing in and out, and resetting a password.</List.Item>
        <List.Item>
          Seeing or changing clients (patients), prescriptions, letters and every other record.
        </List.Item>
        <List.Item>Printing letters and saving preferences or favourites.</List.Item>
      </List>
      <Text size="sm" c="dimmed">
        No client records are stored on this device, so nothing confidential stays behind when you
        are offline.
      </Text>
    </Stack>
  );
}
