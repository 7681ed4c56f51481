/**
 * An editor's quiet save status: "Saving…", "Saved", or "Not saved —" with a Retry that sends the
 * refused save again. Announced politely to screen readers; nothing before the first save.
 */
import { Button, Group, Text } from '@mantine/core';
import type { SaveState, SaveStatus } from '../hooks/useSaveState';

const STATUS_TEXT: Record<SaveStatus, string> = {
  idle: '',
  saving: 'Saving…',
  saved: 'Saved',
  failed: 'Not saved —',
};

export function SaveStatusLine({ state }: { state: SaveState }) {
  const failed = state.status === 'failed';
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap" mih={24} data-save-status={state.status}>
      <Text size="xs" c={failed ? 'negative' : 'dimmed'} role="status" aria-live="polite">
        {STATUS_TEXT[state.status]}
      </Text>
      {failed && (
        <Button size="compact-xs" variant="subtle" onClick={state.retry}>
          Retry
        </Button>
      )}
    </Group>
  );
}
