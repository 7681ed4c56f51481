/**
 * `/offline/clients`: the patients this user opened recently, read from this device (works
 * without a connection once the app is cached), read-only and dated; plus what needs a connection.
 */
import {
  Alert,
  Badge,
  Card,
  Group,
  List,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { useOfflineClients, type ClientCopy } from './useOfflineClients';

export function OfflineClientsPage() {
  const { online } = useNetwork();
  const { signedIn, clients, max } = useOfflineClients();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Working offline
      </Title>
      <Alert
        color={online ? 'positive' : 'warning'}
        variant="light"
        title={online ? 'You are online' : 'You are offline'}
        // The light warning colour is too pale for text on its tint: the title reads in body text.
        styles={{ title: { color: 'var(--mantine-color-text)' } }}
      >
        {online
          ? 'Your device has a connection right now; everything in Materia works as usual.'
          : 'Your device has no connection right now. You can read the clients below until it is back.'}
      </Alert>
      <Text>
        The last {max} patients you opened in Materia are copied to this device so that you can read
        them without a connection. They are read-only copies, as they were when you last opened
        them: changes need a connection and Materia itself. Signing out removes them from this
        device, so that patients&apos; details do not stay behind on a shared computer.
      </Text>
      <section aria-labelledby="offline-clients-title">
        <Title order={2} size="h4" id="offline-clients-title" mb="sm">
          Recently opened patients
        </Title>
        {clients === null ? (
          <Loader size="sm" aria-label="Reading the clients on this device" />
        ) : !signedIn ? (
          <Text c="dimmed">Nobody is signed in on this device, so no clients are kept here.</Text>
        ) : clients.length === 0 ? (
          <Text c="dimmed">
            No clients are kept on this device yet. Open a patient in Materia while online to keep a
            copy here.
          </Text>
        ) : (
          <Stack gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {clients.map((c) => (
              <ClientCard key={c.id} client={c} />
            ))}
          </Stack>
        )}
      </section>
      <Text>What needs a connection:</Text>
      <List spacing={4}>
        <List.Item>Signing in and out, and resetting a password.</List.Item>
        <List.Item>Changing clients, and every other record, prescription and letter.</List.Item>
        <List.Item>Printing letters and saving preferences or favourites.</List.Item>
      </List>
    </Stack>
  );
}

function ClientCard({ client }: { client: ClientCopy }) {
  const titleId = `offline-client-${client.id}`;
  return (
    <Card
      withBorder
      padding="md"
      component="li"
      aria-labelledby={titleId}
      data-testid="offline-client"
    >
      <Group justify="space-between" align="baseline" mb="xs">
        <Title order={3} size="h5" id={titleId}>
          {client.name}
        </Title>
        <Group gap="xs">
          <Badge color="ink" variant="outline">
            Read-only
          </Badge>
          <Text size="sm" c="dimmed">
            as of {client.asOf}
          </Text>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={4} component="dl" m={0}>
        {client.details.map((d) => (
          <div key={d.label}>
            <Text component="dt" size="xs" c="dimmed">
              {d.label}
            </Text>
            <Text component="dd" m={0} style={{ whiteSpace: 'pre-wrap' }}>
              {d.text}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Card>
  );
}
