/** Select mode's selection: the count, "Select all N matching" and "Clear selection". */
import { Button, Group, Text } from '@mantine/core';
import classes from './List.module.css';
import { useBulkSelection } from './useBulkSelection';

export function SelectionBar() {
  const bar = useBulkSelection();
  if (!bar.visible) return null;
  return (
    <Group className={classes.selectionBar} gap="xs" wrap="wrap" justify="space-between">
      <Text size="sm" role="status">
        {bar.status}
      </Text>
      <Group gap="xs" wrap="wrap">
        {bar.selectAllLabel && (
          <Button
            size="compact-sm"
            variant="light"
            loading={bar.busy}
            onClick={() => void bar.selectAll()}
          >
            {bar.selectAllLabel}
          </Button>
        )}
        {bar.canClear && (
          <Button size="compact-sm" variant="subtle" onClick={bar.clear}>
            Clear selection
          </Button>
        )}
      </Group>
    </Group>
  );
}
