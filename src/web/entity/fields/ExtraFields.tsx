/**
 * Extra items of a definition (button and slot): a button runs its call about the
 * selected row (after a 'Confirm' when it has a warning) or its action in
 * ../extras/extraViews.ts; a slot shows what SLOTS there gives for it.
 */
import { Loader, Text } from '@mantine/core';
import { Suspense, useState } from 'react';
import { confirm } from '../../features/confirm/confirm';
import { useEntityScope, useEntityState } from '../hooks/entityContext';
import { BUTTON_ACTIONS, CALL_PAYLOADS, EXTRA_TABS, extraKey, SLOTS } from '../extras/extraViews';
import { ReasonButton } from '../list/ReasonButton';
import { idOf } from '../model/rows';
import type { ExtraItemProps } from './fieldProps';
import { useSource } from './source';

export function ButtonField({ item }: ExtraItemProps) {
  const source = useSource();
  const { definition, store } = useEntityScope();
  const [busy, setBusy] = useState(false);
  const id = idOf(definition, source.values);
  const action = BUTTON_ACTIONS[extraKey(definition, item.name)];
  const call = item.extra.call;
  const state = source.items[item.name];
  const disabled =
    !source.record || id === null || (!action && !call) || (state?.disabled ?? false);
  const run = async () => {
    if (id === null) return;
    if (action) return action(id);
    if (!call) return;
    const prepare = CALL_PAYLOADS[extraKey(definition, item.name)];
    const payload = prepare
      ? await prepare(id, item.extra.confirm)
      : item.extra.confirm && !(await confirm(item.extra.confirm))
        ? null
        : {};
    if (payload === null) return;
    setBusy(true);
    await store.getState().runCall(call, payload);
    setBusy(false);
  };
  return (
    <ReasonButton
      variant="light"
      onClick={() => void run()}
      disabledReason={disabled ? (state?.hint ?? '') : null}
      loading={busy}
      data-extra={item.name}
      mt="md"
    >
      {item.label}
    </ReasonButton>
  );
}

/** An editor tab the row brings (EXTRA_TABS, ../extras/extraViews.ts), drawn by its tab view. */
export function ExtraTabPanel({ tab, label }: { tab: string; label: string }) {
  const source = useSource();
  const { definition } = useEntityScope();
  const rowId = useEntityState((s) => idOf(definition, s.selected_object));
  const View = EXTRA_TABS[definition.entities]?.View;
  if (!View || !source.record || rowId === null) return null;
  return (
    <Suspense fallback={<Loader size="sm" aria-label={`Loading ${label}`} />}>
      <View
        definition={definition}
        rowId={rowId}
        row={source.values}
        // The tab's view knows which privilege its changes need.
        disabled={false}
        tab={tab}
      />
    </Suspense>
  );
}

export function SlotField({ item }: ExtraItemProps) {
  const source = useSource();
  const { definition } = useEntityScope();
  const rowId = useEntityState((s) => idOf(definition, s.selected_object));
  const Slot = SLOTS[extraKey(definition, item.name)];
  if (!source.record || rowId === null) return null;
  if (!Slot) {
    return (
      <Text size="sm" c="dimmed" data-slot={item.name}>
        {item.label} can not be edited on this screen yet.
      </Text>
    );
  }
  return (
    <Suspense fallback={<Loader size="sm" aria-label={`Loading ${item.label}`} />}>
      <Slot
        definition={definition}
        rowId={rowId}
        row={source.values}
        disabled={source.items[item.name]?.disabled ?? false}
      />
    </Suspense>
  );
}
