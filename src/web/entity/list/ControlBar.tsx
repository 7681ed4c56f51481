/**
 * The bottom control bar: Add (a long press with one row selected copies it),
 * Delete, Select mode, and Edit selected (multi-edit) — each gated by the definition's
 * capabilities, the user's privileges and the selection.
 */
import { Button, Group, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { useEntityScope, useEntityState } from '../hooks/entityContext';
import { useListActions } from '../hooks/useListActions';
import { AddDialog } from './AddDialog';
import classes from './List.module.css';
import { MultiEditDialog } from './MultiEditDialog';
import { useLongPress } from './useLongPress';

export function ControlBar() {
  const { definition } = useEntityScope();
  const actions = useListActions();
  const selectMode = useEntityState((s) => s.select_mode);
  const selectedCount = useEntityState((s) => s.selected_ids.length);
  const [adding, setAdding] = useState(false);
  const [multiEditing, setMultiEditing] = useState(false);
  const add = () => {
    if (actions.requiredFields.length > 0) setAdding(true);
    else void actions.insert();
  };
  const press = useLongPress(add, () => void actions.copy());
  const { capabilities } = definition;
  return (
    <div className={classes.bar}>
      <Group gap="xs" wrap="wrap">
        {capabilities.insert && (
          <Tooltip
            label={
              actions.canCopy
                ? 'Hold (or hold Enter or Space) to copy the selected item'
                : 'Add a new one'
            }
            openDelay={600}
            events={{ hover: true, focus: true, touch: false }}
          >
            <Button size="xs" disabled={!actions.canInsert} {...press}>
              Add
            </Button>
          </Tooltip>
        )}
        {capabilities.delete && (
          <Button
            size="xs"
            color="negative"
            variant="light"
            disabled={!actions.canDelete}
            onClick={() => void actions.remove()}
          >
            Delete
          </Button>
        )}
        {capabilities.selectMode && (
          <Button
            size="xs"
            variant={selectMode ? 'filled' : 'default'}
            aria-pressed={selectMode}
            onClick={actions.toggleSelectMode}
          >
            Select mode
          </Button>
        )}
        {(selectMode || selectedCount > 1) && (
          <Button
            size="xs"
            variant="default"
            disabled={!actions.canMultiEdit}
            onClick={() => setMultiEditing(true)}
          >
            Edit selected
          </Button>
        )}
      </Group>
      {adding && (
        <AddDialog
          fields={actions.requiredFields}
          onClose={() => setAdding(false)}
          onAdd={async (values) => {
            const ok = await actions.insert(values);
            if (ok) setAdding(false);
            return ok;
          }}
        />
      )}
      {multiEditing && (
        <MultiEditDialog
          count={selectedCount}
          onClose={() => setMultiEditing(false)}
          onApply={actions.updateMany}
        />
      )}
    </div>
  );
}
