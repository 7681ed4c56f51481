/**
 * "Add to…" / "Remove from…": the relation (when the entity has several) and the related row,
 * picked with the typeahead picker; Apply asks first, naming the count and the row.
 */
import { Alert, Button, Group, Modal, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { TypeaheadSelect } from '../pickers/TypeaheadSelect';
import { useLabels } from '../pickers/useTypeahead';
import type { Id } from '../model/types';
import type { BulkLinkState } from './useBulkLink';

/** The buttons' and the dialog's names. */
export const BULK_LINK_ACTIONS = { add: 'Add to…', remove: 'Remove from…' } as const;

export function BulkLinkDialog({ link }: { link: BulkLinkState }) {
  const [relationName, setRelationName] = useState(link.relations[0]?.name ?? null);
  const relation = link.relations.find((r) => r.name === relationName);
  const [relatedId, setRelatedId] = useState<Id | null>(null);
  const [related] = useLabels(relation?.entities ?? '', relatedId === null ? [] : [relatedId]);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const adding = link.change === 'add';
  const apply = async () => {
    if (!relation || !related) return;
    setBusy(true);
    const refusal = await link.apply(relation, related);
    setBusy(false);
    setProblem(refusal);
  };
  return (
    <Modal opened onClose={link.close} title={BULK_LINK_ACTIONS[link.change ?? 'add']} centered>
      <Text size="sm" mb="sm">
        {adding ? 'Add' : 'Remove'} {link.rows} {adding ? 'to' : 'from'}:
      </Text>
      {link.relations.length > 1 && (
        <Select
          label="Relation"
          data={link.relations.map((r) => ({ value: r.name, label: r.label }))}
          value={relationName}
          onChange={(next) => {
            setRelationName(next);
            setRelatedId(null);
            setProblem(null);
          }}
          allowDeselect={false}
          mb="sm"
          comboboxProps={{ withinPortal: true }}
        />
      )}
      {relation && (
        <TypeaheadSelect
          // A new picker for another relation: its search and results are not the old one's.
          key={relation.name}
          entities={relation.entities}
          label={relation.label}
          value={relatedId}
          onChange={(id) => {
            setRelatedId(id);
            setProblem(null);
          }}
          placeholder="Type to search"
        />
      )}
      {problem && (
        <Alert color="negative" mt="sm" role="alert">
          {problem}
        </Alert>
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={link.close}>
          Cancel
        </Button>
        <Button onClick={() => void apply()} disabled={relatedId === null} loading={busy}>
          {adding ? 'Add' : 'Remove'}
        </Button>
      </Group>
    </Modal>
  );
}
