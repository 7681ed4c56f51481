/** `/app/test`: exercises toasts of each type, the error dialog, confirmation and a crash. */
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { ErrorBoundary } from '../errors/ErrorBoundary';
import { TOAST_SAMPLES, useTestPage } from './useTestPage';

function Crash(): never {
  throw new Error('This is a deliberate error from the test page.');
}

export function TestPage() {
  const page = useTestPage();
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1} size="h2">
        Test page
      </Title>
      <Paper p="md" withBorder component="section" aria-labelledby="toasts-title">
        <Title order={2} size="h4" id="toasts-title" mb="sm">
          Toasts
        </Title>
        <Group gap="xs">
          {TOAST_SAMPLES.map((sample) => (
            <Button
              key={sample.type}
              variant="default"
              onClick={() => page.toast(sample.type, sample.text)}
            >
              {sample.label}
            </Button>
          ))}
          <Button variant="default" onClick={page.customTimeout}>
            Toast with its own timeout
          </Button>
        </Group>
      </Paper>
      <Paper p="md" withBorder component="section" aria-labelledby="dialogs-title">
        <Title order={2} size="h4" id="dialogs-title" mb="sm">
          Dialogs
        </Title>
        <Group gap="xs">
          <Button variant="default" onClick={page.errorDialog}>
            Show the Application Error dialog
          </Button>
          <Button variant="default" onClick={() => void page.ask()}>
            Ask for confirmation
          </Button>
        </Group>
        {page.answer && (
          <Text mt="sm" role="status">
            {page.answer}
          </Text>
        )}
      </Paper>
      <Paper p="md" withBorder component="section" aria-labelledby="errors-title">
        <Title order={2} size="h4" id="errors-title" mb="sm">
          Errors
        </Title>
        <ErrorBoundary>
          {page.crash ? (
            <Crash />
          ) : (
            <Button variant="default" color="negative" onClick={page.startCrash}>
              Break this panel
            </Button>
          )}
        </ErrorBoundary>
      </Paper>
    </Stack>
  );
}
