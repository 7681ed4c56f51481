import { Center } from '@mantine/core';
import { DelayedLoader } from './DelayedLoader';

/** What shows while a page, layout or the session data loads. */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih="40vh" p="xl">
      <DelayedLoader label={label} />
    </Center>
  );
}
