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

/**
 * The tree of each answer of the shell's categories, built once for all its readers: a patients
 * screen has several category pickers and filters, and each built the 5,000-node tree anew.
 */
const built = new WeakMap<readonly Row[], ReturnType<typeof buildTree>>();
const NO_ROWS: Row[] = [];

function treeOf(rows: readonly Row[]) {
  let tree = built.get(rows);
  if (!tree) {
    tree = buildTree(categories, rows);
    built.set(rows, tree);
  }
  return tree;
}

export function useCategoryTree(rootKey: string | undefined): CategorySubtree {
  const query = useCategories();
  return useMemo(() => {
    const tree = treeOf((query.data as Row[] | undefined) ?? NO_ROWS);
    const root = rootKey
      ? (tree.roots.find((node) => node.row.category_key === rootKey) ??
        Object.values(tree.lookup).find((node) => node.row.category_key === rootKey) ??
        null)
      : null;
    const nodes = root ? descendants(root) : tree.roots.flatMap((r) => [r, ...descendants(r)]);
    return { root, nodes, loading: query.isLoading };
  }, [query.data, query.isLoading, rootKey]);
}
