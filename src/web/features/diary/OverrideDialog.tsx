/** The server's outside-hours warning on a move, and the reason staff give to override it. */
import { Button, Group, Modal, Text, Textarea } from '@mantine/core';
import { useState } from 'react';

interface Props {
  text: string | null;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

export function OverrideDialog({ text, onConfirm, onCancel }: Props) {
  const [reason, setReason] = useState('');
  return (
    <Modal opened={text !== null} onClose={onCancel} title="Book outside working hours?">
      <Text size="sm" mb="sm" role="alert">
        {text}
      </Text>
      <Textarea
        label="Reason"
        description="Kept on the appointment."
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        autosize
        minRows={2}
        data-autofocus
      />
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onCancel}>
          Keep the old time
        </Button>
        <Button
          disabled={reason.trim() === ''}
          onClick={() => {
            onConfirm(reason.trim());
            setReason('');
          }}
        >
          Move anyway
        </Button>
      </Group>
    </Modal>
  );
}
