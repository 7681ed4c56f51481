/**
 * "Add to…" and "Remove from…" in select mode, UI-free: the relations the user may change, the
 * open dialog's direction, and Apply — which first asks, naming the count and the related row
 * ("Add 1,204 patients to “Asthma”?"), then changes the selected (or all matching) rows in one
 * call and says what it did.
 */
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { BulkLinkChange } from '../../../shared/bulk';
import type { RelationDefinition } from '../../../shared/entities';
import { countText } from '../../../shared/show-value';
import { showToast } from '../../api/toasts';
import { confirm } from '../../features/confirm/confirm';
import { useEntityScope, useEntityState } from '../hooks/entityContext';
import { activeAllMatching } from '../model/bulkEdit';
import { allowed, type DisabledReason } from '../model/permissions';
import type { Labelled } from '../model/types';

const NOTHING_SELECTED = 'Select the rows first.';

export function useBulkLink() {
  const { definition, store } = useEntityScope();
  const s = useEntityState(
    useShallow((state) => ({
      viewer: state.viewer,
      selected: state.selected_ids.length,
      all: activeAllMatching(state),
    })),
  );
  const [change, setChange] = useState<BulkLinkChange | null>(null);
  const relations = allowed(definition, s.viewer, 'update')
    ? definition.relations.filter((r) => !r.adminOnly || s.viewer.admin)
    : [];
  const count = s.all?.count ?? s.selected;
  const rows = `${countText(count)} ${(count === 1 ? definition.singular : definition.title).toLowerCase()}`;
  const blocked: DisabledReason = count === 0 ? NOTHING_SELECTED : null;
  return {
    relations,
    /** The rows the change applies to, in words. */
    rows: s.all ? `all ${rows} that match the list` : `the ${rows} selected`,
    blocked,
    change,
    open: setChange,
    close: () => setChange(null),
    /** Null when done or cancelled, else the server's refusal in words. */
    apply: async (relation: RelationDefinition, related: Labelled) => {
      if (!change) return null;
      const name = `“${related.label}”`;
      const asked = change === 'add' ? `Add ${rows} to ${name}?` : `Remove ${rows} from ${name}?`;
      if (!(await confirm(asked))) return null;
      const outcome = await store
        .getState()
        .linkMany({ relation: relation.name, change, relatedId: related.id });
      if (outcome.refusal) return outcome.refusal;
      const done = change === 'add' ? 'added to' : 'removed from';
      showToast({ type: 's', text: `${rows} ${done} ${name}.` });
      setChange(null);
      return null;
    },
  };
}

export type BulkLinkState = ReturnType<typeof useBulkLink>;
