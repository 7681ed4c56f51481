import { Button, Center, Stack, Title } from '@mantine/core';
import { useGoBack } from './useGoBack';

const NOT_FOUND_TEXT = 'Sorry, there is nothing here... (404)';

/** Unknown paths. */
export function NotFoundPage() {
  const goBack = useGoBack();
  return (
    <Center mih="60vh" p="md" component="section" aria-labelledby="not-found-title">
      <Stack align="center" gap="lg">
        <Title order={1} size="h2" id="not-found-title" ta="center">
          {NOT_FOUND_TEXT}
        </Title>
        <Button onClick={goBack}>Go back</Button>
      </Stack>
    </Center>
  );
}
