/**
 * The left drawer's category filter: the category subtree of the entity's tree
 * select field; choosing a node filters the list to it and the categories below it, choosing it
 * again (or "All") removes the filter. A root that is missing says 'Three nodes can not be found.'
 * Drawn into the drawer's slot, so it lives and dies with the screen.
 */
import { Alert, NavLink, Stack, Text } from '@mantine/core';
import { createPortal } from 'react-dom';
import type { FieldDefinition } from '../../../shared/entities';
import { useLeftDrawerSlot } from '../../layouts/LeftDrawer';
import { useEntityScope, useEntityState } from '../hooks/entityContext';
import { MISSING_NODE_TEXT } from '../model/tree';
import { useCategoryTree } from '../pickers/useCategoryTree';

export function DrawerCategoryFilter() {
  const { definition } = useEntityScope();
  const element = useLeftDrawerSlot((s) => s.element);
  const field = definition.fields.find((f) => f.type === 'tree_select' && f.categoryRoot);
  if (!element || !field) return null;
  return createPortal(<CategoryFilterTree field={field} />, element);
}

function CategoryFilterTree({ field }: { field: FieldDefinition }) {
  const { store } = useEntityScope();
  const { root, nodes, loading } = useCategoryTree(field.categoryRoot);
  const active = useEntityState((s) => s.filters[field.name]);
  const choose = (id: number | null) => {
    void store.getState().setFilter(field.name, id === active ? null : id);
    useLeftDrawerSlot.getState().close?.(); // an overlay drawer gets out of the list's way
  };
  if (loading) return null;
  if (!root) {
    return (
      <Alert color="warning" variant="light" role="alert">
        {MISSING_NODE_TEXT}
      </Alert>
    );
  }
  return (
    <Stack gap={0} component="nav" aria-label="Categories">
      <Text size="sm" fw={600} mt="sm" mb={4}>
        Categories
      </Text>
      <NavLink
        component="button"
        label="All"
        active={active === undefined}
        onClick={() => choose(null)}
      />
      {nodes.map((node) => (
        <NavLink
          key={node.id}
          component="button"
          label={node.label}
          active={active === node.id}
          aria-pressed={active === node.id}
          onClick={() => choose(node.id)}
          style={{ paddingInlineStart: 12 + (node.depth - root.depth - 1) * 16 }}
        />
      ))}
    </Stack>
  );
}
