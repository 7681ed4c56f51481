import '../theme/allStyles';
import { Button, Code, Group, Modal, ScrollArea, Text } from '@mantine/core';
import { useApplicationError } from './errorDialog';

/** Shows the server's raw reply on an unexpected result; closes with Close or Escape. */
export function ApplicationErrorDialog() {
  const { open, reply, close } = useApplicationError();
  const raw = typeof reply === 'string' ? reply : JSON.stringify(reply, null, 2);
  return (
    <Modal opened={open} onClose={close} title="Application Error" size="lg" closeOnEscape centered>
      <Text mb="sm">The server sent a reply the app did not expect. This is what it said:</Text>
      <ScrollArea.Autosize mah="50vh">
        <Code block data-testid="application-error-reply">
          {raw ?? String(raw)}
        </Code>
      </ScrollArea.Autosize>
      <Group justify="flex-end" mt="md">
        <Button onClick={close}>Close</Button>
      </Group>
    </Modal>
  );
}
