/**
 * After a multi-edit: a toast that offers Undo for a short while, then says what undo did —
 * every row restored, or how many were left because someone changed them since.
 */
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { showToast } from '../../api/toasts';
import type { BulkChange, UndoOutcome } from '../model/bulkEdit';

/** How long Undo is offered after a multi-edit. */
const UNDO_WINDOW_MS = 10_000;

function undoneText({ restored, skipped }: UndoOutcome, rowsWord: string): string {
  const kept = skipped > 0 ? ` ${skipped} changed by someone else since kept their new value.` : '';
  return `Undone: ${restored} ${rowsWord} restored.${kept}`;
}

export function offerUndo(
  change: BulkChange,
  summary: string,
  rowsWord: string,
  undo: (change: BulkChange) => Promise<UndoOutcome>,
): void {
  const id = notifications.show({
    title: 'Saved',
    autoClose: UNDO_WINDOW_MS,
    withAutoCloseProgress: true,
    withCloseButton: true,
    closeButtonProps: { 'aria-label': 'Close message' },
    className: 'materia-toast materia-toast-success',
    message: (
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm">{summary}</Text>
        <Button
          // Never squeezed by a long summary on a small screen.
          style={{ flexShrink: 0 }}
          size="compact-sm"
          variant="light"
          onClick={() => {
            notifications.hide(id);
            void undo(change).then((outcome) =>
              showToast({
                type: outcome.skipped > 0 ? 'w' : 's',
                text: undoneText(outcome, rowsWord),
              }),
            );
          }}
        >
          Undo
        </Button>
      </Group>
    ),
  });
}
