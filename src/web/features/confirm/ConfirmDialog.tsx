import '../../theme/allStyles';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useConfirmState } from './confirm';

export function ConfirmDialog() {
  const { message, answer } = useConfirmState();
  return (
    <Modal opened={message !== null} onClose={() => answer(false)} title="Confirm" centered>
      <Text>{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => answer(false)}>
          Cancel
        </Button>
        <Button onClick={() => answer(true)} data-autofocus>
          OK
        </Button>
      </Group>
    </Modal>
  );
}
