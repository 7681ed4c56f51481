import { Center } from '@mantine/core';
import { QuietLoader } from './QuietLoader';

/** What shows while a page, layout or the session data loads. */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih="40vh" p="xl">
      <QuietLoader label={label} />
    </Center>
  );
}
