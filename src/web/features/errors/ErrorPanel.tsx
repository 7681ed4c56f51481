import { Button, Code, Container, Group, Stack, Text, Title } from '@mantine/core';

interface Props {
  error: Error;
  onRetry?: () => void;
}

/** The page shown instead of a blank screen when something fails to render or load. */
export function ErrorPanel({ error, onRetry }: Props) {
  return (
    <Container size="sm" py="xl">
      <Stack gap="md" role="alert">
        <Title order={1} size="h2">
          Something went wrong
        </Title>
        <Text>
          This part of Materia could not be shown. Nothing you saved is lost. Try again, or go back
          to the start.
        </Text>
        <Code block>{error.message || String(error)}</Code>
        <Group>
          {onRetry && <Button onClick={onRetry}>Try again</Button>}
          <Button variant="default" component="a" href="/app">
            Go to the start
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
