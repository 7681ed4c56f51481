/**
 * What the public pages about one appointment (the manage link's page, a waitlist offer) show
 * first: the last call's outcome, then the appointment's type and time in the clinic's zone.
 * `children` adds the page's own lines under the time.
 */
import { Alert, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { timeIn, whenIn } from './when';

interface Props {
  notice: string | null;
  problem: string | null;
  typeName: string;
  start: string;
  end: string;
  zone: string;
  children: ReactNode;
}

export function PublicAppointment({
  notice,
  problem,
  typeName,
  start,
  end,
  zone,
  children,
}: Props) {
  return (
    <>
      {notice && (
        <Alert color="positive" variant="light" role="status">
          {notice}
        </Alert>
      )}
      {problem && (
        <Alert color="negative" variant="light" role="alert">
          {problem}
        </Alert>
      )}
      <Stack gap={4}>
        <Text fw={600}>{typeName}</Text>
        <Text>
          {whenIn(start, zone)}, until {timeIn(end, zone)}
        </Text>
        {children}
      </Stack>
    </>
  );
}
