/**
 * The letter's PDF and e-mail (slot `letter_mailing` of patientletters): "Download PDF", "Send by
 * e-mail" and the sendings so far, "Sent to x@y on 24/11/2026 18:52 by Anna Smith".
 */
import { Button, Group, List, Stack, Text } from '@mantine/core';
import { whenText } from '../../features/audit/useAuditLines';
import { ReasonButton } from '../list/ReasonButton';
import type { SlotProps } from './extraViews';
import { useLetterMailing } from './useLetterMailing';

export function LetterMailing({ rowId }: SlotProps) {
  const m = useLetterMailing(Number(rowId));
  return (
    <Stack gap="xs" mt="md" data-slot="letter_mailing">
      <Group gap="xs">
        <Button variant="light" onClick={() => void m.download()} loading={m.busy === 'download'}>
          Download PDF
        </Button>
        <ReasonButton
          variant="light"
          disabledReason={m.sendBlocked}
          onClick={() => void m.send()}
          loading={m.busy === 'send'}
        >
          Send by e-mail
        </ReasonButton>
      </Group>
      {m.loadError && (
        <Text size="sm" c="negative" role="alert">
          {m.loadError}
        </Text>
      )}
      {m.sendings.length > 0 && (
        <List size="sm" aria-label="Sent by e-mail" listStyleType="none" spacing={2}>
          {m.sendings.map((s) => (
            <List.Item key={`${s.sent_at} ${s.sent_to}`}>
              Sent to {s.sent_to} on {whenText(s.sent_at)}
              {s.sent_by ? ` by ${s.sent_by}` : ''}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
