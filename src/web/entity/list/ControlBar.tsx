/**
 * The bottom control bar: Add, Copy (also a long press of Add with one row selected), Delete,
 * Select mode, Edit selected (multi-edit), Add to… / Remove from… (a relation), Export and Import — each gated by the definition's
 * capabilities, the user's privileges and the selection. Its dialogs give the focus back when they close.
 */
import { Button, Group, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { FocusReturn } from '../../app/FocusReturn';
import { ExportDialog } from '../../features/export/ExportDialog';
import { useExport } from '../../features/export/useExport';
import { ImportDialog } from '../../features/import/ImportDialog';
import { useImport } from '../../features/import/useImport';
import { useAddRequested } from '../../features/command-palette/useAddRequested';
import { useEntityScope, useEntityState } from '../hooks/entityContext';
import { useListActions } from '../hooks/useListActions';
import { AddDialog } from './AddDialog';
import { BulkLinkActions } from './BulkLinkActions';
import classes from './List.module.css';
import { MultiEditDialog } from './MultiEditDialog';
import { ReasonButton } from './ReasonButton';
import { useLongPress } from './useLongPress';

const COPY_NEEDS_ONE = 'Select one item to copy it.';

export function ControlBar() {
  const { definition } = useEntityScope();
  const actions = useListActions();
  const selectMode = useEntityState((s) => s.select_mode);
  const selectedCount = useEntityState((s) => s.selected_ids.length);
  const [adding, setAdding] = useState(false);
  const [multiEditing, setMultiEditing] = useState(false);
  const exporter = useExport();
  const importer = useImport();
  const add = () => {
    if (actions.requiredFields.length > 0) setAdding(true);
    else void actions.insert();
  };
  const press = useLongPress(add, () => void actions.copy());
  const { capabilities } = definition;
  // "New …" in the command palette: Add as soon as it may be used.
  useAddRequested(capabilities.insert && actions.insertBlocked === null ? add : null);
  return (
    <div className={classes.bar}>
      <Group gap="xs" wrap="wrap">
        {capabilities.insert && actions.insertBlocked !== null && (
          <ReasonButton size="xs" disabledReason={actions.insertBlocked}>
            Add
          </ReasonButton>
        )}
        {capabilities.insert && actions.insertBlocked === null && (
          <Tooltip
            label={
              actions.canCopy
                ? 'Hold (or hold Enter or Space) to copy the selected item'
                : 'Add a new one'
            }
            openDelay={600}
            events={{ hover: true, focus: true, touch: false }}
          >
            <Button size="xs" {...press}>
              Add
            </Button>
          </Tooltip>
        )}
        {capabilities.copy && capabilities.insert && actions.insertBlocked === null && (
          <ReasonButton
            size="xs"
            variant="default"
            disabledReason={actions.canCopy ? null : COPY_NEEDS_ONE}
            onClick={() => void actions.copy()}
          >
            Copy
          </ReasonButton>
        )}
        {capabilities.delete && (
          <ReasonButton
            size="xs"
            color="negative"
            variant="light"
            disabledReason={actions.deleteBlocked}
            onClick={() => void actions.remove()}
          >
            Delete
          </ReasonButton>
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
        {(selectMode || selectedCount > 1) && <BulkLinkActions />}
        {actions.canExport && (
          <Button size="xs" variant="default" onClick={exporter.openDialog}>
            Export
          </Button>
        )}
        {capabilities.insert && actions.insertBlocked === null && (
          <Button size="xs" variant="default" onClick={importer.openDialog}>
            Import
          </Button>
        )}
      </Group>
      {adding && (
        <FocusReturn>
          <AddDialog
            fields={actions.addFields}
            onClose={() => setAdding(false)}
            onAdd={async (values, shownFields) => {
              const outcome = await actions.insert(values, shownFields);
              if (outcome.id !== null) setAdding(false);
              return outcome;
            }}
          />
        </FocusReturn>
      )}
      {exporter.open && (
        <FocusReturn>
          <ExportDialog exporter={exporter} />
        </FocusReturn>
      )}
      {importer.open && (
        <FocusReturn>
          <ImportDialog importer={importer} />
        </FocusReturn>
      )}
      {multiEditing && (
        <FocusReturn>
          <MultiEditDialog
            count={actions.allMatching?.count ?? selectedCount}
            onClose={() => setMultiEditing(false)}
            onApply={actions.updateMany}
          />
        </FocusReturn>
      )}
    </div>
  );
}
