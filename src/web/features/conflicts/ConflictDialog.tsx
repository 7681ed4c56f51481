/**
 * Shown when a save was refused because a colleague changed the field meanwhile: the server's
 * message says who and when; Reload shows their change, Overwrite saves this user's value over
 * it. Closing the dialog reloads, so the screen never keeps showing a stale value.
 */
import { Button, Group, Modal, Text } from '@mantine/core';
import { useEditConflict } from './useEditConflict';

const CONFLICT_TITLE = 'Changed by someone else';

export function ConflictDialog() {
  const { message, reload, overwrite } = useEditConflict();
  return (
    <Modal opened={message !== null} onClose={reload} title={CONFLICT_TITLE} centered>
      <Text>{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={overwrite}>
          Overwrite
        </Button>
        <Button onClick={reload} data-autofocus>
          Reload
        </Button>
      </Group>
    </Modal>
  );
}
