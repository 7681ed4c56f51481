/**
 * The category tree the shell loads for everyone, as nodes: the whole tree, or the
 * subtree under a root named by its key (tree selects and filters start from their root).
 * A root that can not be found is an error the caller shows: 'Three nodes can not be found.'
 */
import { useMemo } from 'react';
import { categories } from '../../../shared/entities';
import { useCategories } from '../../session/queries';
import { buildTree, descendants } from '../model/tree';
import type { Row, TreeNode } from '../model/types';

interface CategorySubtree {
  root: TreeNode | null;
  /** The root's descendants in tree order (depth counted from the root's children). */
  nodes: TreeNode[];
  loading: boolean;
}

export function useCategoryTree(rootKey: string | undefined): CategorySubtree {
  const query = useCategories();
  return useMemo(() => {
    const rows = (query.data ?? []) as Row[];
    const tree = buildTree(categories, rows);
    const root = rootKey
      ? (tree.roots.find((node) => node.row.category_key === rootKey) ??
        Object.values(tree.lookup).find((node) => node.row.category_key === rootKey) ??
        null)
      : null;
    const nodes = root ? descendants(root) : tree.roots.flatMap((r) => [r, ...descendants(r)]);
    return { root, nodes, loading: query.isLoading };
  }, [query.data, query.isLoading, rootKey]);
}
