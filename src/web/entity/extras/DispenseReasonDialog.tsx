/**
 * Asks why a formula with open safety warnings is dispensed anyway (dispenseSafety.ts); the
 * reason is stored with the prescription and shown on its history. Empty reasons are not sent.
 */
import { Button, Group, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useDispenseSafety } from './dispenseSafety';

export function DispenseReasonDialog() {
  const asking = useDispenseSafety((s) => s.asking);
  const answer = useDispenseSafety((s) => s.answer);
  const [reason, setReason] = useState('');
  const close = (value: string | null) => {
    answer(value);
    setReason('');
  };
  return (
    <Modal
      opened={asking !== null}
      onClose={() => close(null)}
      title="Dispense despite the warnings?"
      size="lg"
    >
      <Stack gap="sm">
        <List size="sm" spacing={4} aria-label="Open warnings">
          {asking?.warnings.map((w) => (
            <List.Item key={`${w.line}-${w.text}`}>
              {w.line ? `Line ${w.line}: ` : ''}
              {w.text}
            </List.Item>
          ))}
        </List>
        <Textarea
          label="Reason for dispensing"
          description="Kept with the prescription and shown on its history."
          autosize
          minRows={2}
          maxLength={1000}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          data-autofocus
        />
        <Text size="xs" c="dimmed">
          Dispensing takes the quantities from stock.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => close(null)}>
            Cancel
          </Button>
          <Button disabled={reason.trim() === ''} onClick={() => close(reason.trim())}>
            Dispense
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
