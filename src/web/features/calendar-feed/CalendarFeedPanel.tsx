/**
 * My details → Calendar feed: a practitioner's private address for Google, Apple or Outlook
 * calendars (patients' initials only). Shown once when made; renewing replaces it.
 */
import {
  Alert,
  Button,
  CopyButton,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useCalendarFeed } from './useCalendarFeed';

const madeOn = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));

export function CalendarFeedPanel() {
  const feed = useCalendarFeed();
  return (
    <Paper p="lg" withBorder component="section" aria-labelledby="calendar-feed-title">
      <Stack gap="sm" maw={640}>
        <Title order={2} size="h3" id="calendar-feed-title">
          Calendar feed
        </Title>
        <Text size="sm">
          Your appointments in your own calendar (Google, Apple, Outlook), with patients’ initials
          only. Subscribe to the address from your calendar app (docs: “Calendar feeds”).
        </Text>
        {feed.problem && (
          <Alert color="negative" variant="light" role="alert">
            {feed.problem}
          </Alert>
        )}
        {feed.url ? (
          <>
            <Alert color="positive" variant="light" role="status">
              Copy this address now: it is shown only once. Keep it private — anyone who has it sees
              your diary.
            </Alert>
            <Group align="end" wrap="nowrap">
              <TextInput
                label="Feed address"
                value={feed.url}
                readOnly
                onFocus={(e) => e.currentTarget.select()}
                style={{ flex: 1, minWidth: 0 }}
              />
              <CopyButton value={feed.url}>
                {({ copied, copy }) => (
                  <Button variant="default" onClick={copy}>
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </>
        ) : (
          feed.loaded && (
            <Text size="sm" c="dimmed" data-testid="calendar-feed-state">
              {feed.createdAt
                ? `You have a feed address, made ${madeOn(feed.createdAt)}. Lost it? Make a new one.`
                : 'You have no feed address yet.'}
            </Text>
          )
        )}
        <Group>
          <Button variant="light" loading={feed.pending} onClick={() => void feed.renew()}>
            {feed.createdAt ? 'Make a new address' : 'Make my feed address'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
