import { Center, Loader } from '@mantine/core';

/** What shows while a page, layout or the session data loads. */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih="40vh" p="xl" role="status" aria-live="polite">
      <Loader aria-label={label} />
    </Center>
  );
}
