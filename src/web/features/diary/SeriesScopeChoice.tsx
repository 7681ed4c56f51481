/**
 * Which appointments of a series a move or a cancellation changes: this one, this and the
 * following ones, or all of them (the server's `scope` on `diary/move` and `diary/cancel`).
 */
import { Button, Group, Modal, SegmentedControl, Text } from '@mantine/core';
import type { SeriesScope } from '../../../shared/diary/calls';

const SCOPE_OPTIONS: { value: SeriesScope; label: string }[] = [
  { value: 'this', label: 'This one' },
  { value: 'following', label: 'This and following' },
  { value: 'all', label: 'All' },
];

/** The three choices as one control (the cancel form in the appointment panel). */
export function SeriesScopeControl(props: {
  value: SeriesScope;
  onChange: (scope: SeriesScope) => void;
}) {
  return (
    <SegmentedControl
      aria-label="Appointments of the series"
      value={props.value}
      onChange={(value) => props.onChange(value)}
      data={SCOPE_OPTIONS}
      fullWidth
    />
  );
}

/** Asked after an appointment of a series is dragged: which ones move. */
export function SeriesMoveDialog(props: {
  opened: boolean;
  onChoose: (scope: SeriesScope) => void;
  onCancel: () => void;
}) {
  return (
    <Modal opened={props.opened} onClose={props.onCancel} title="Move a repeating appointment">
      <Text size="sm" mb="md">
        This appointment repeats. Which appointments of the series move by the same time?
      </Text>
      <Group gap="xs" justify="flex-end">
        <Button variant="default" onClick={props.onCancel}>
          Keep the old time
        </Button>
        {SCOPE_OPTIONS.map((option) => (
          <Button
            key={option.value}
            variant={option.value === 'this' ? 'filled' : 'light'}
            onClick={() => props.onChoose(option.value)}
            data-autofocus={option.value === 'this' ? true : undefined}
          >
            {option.label}
          </Button>
        ))}
      </Group>
    </Modal>
  );
}
