/** `/app/my_details`: see and edit your own details; change your password; your calendar feed. */
import { Stack, Title } from '@mantine/core';
import { CalendarFeedPanel } from '../calendar-feed/CalendarFeedPanel';
import { DetailsPanel } from './DetailsPanel';
import { PasswordPanel } from './PasswordPanel';

export function MyDetailsPage() {
  return (
    <Stack gap="lg" maw={900}>
      <Title order={1} size="h2">
        My details
      </Title>
      <DetailsPanel />
      <PasswordPanel />
      <CalendarFeedPanel />
    </Stack>
  );
}
