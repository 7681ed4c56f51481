/**
 * Trees of a tree-shaped entity set (categories): nodes from flat rows, the visible rows of an
 * expandable tree (what the virtualised view draws), subtrees by root key, and the parent
 * choices of the tree rules (mandatory, movable, renamable, may hold children).
 */
import type { EntityDefinition, TreeDefinition } from '../../../shared/entities';
import { idOf, labelOf } from './rows';
import type { Id, Row, TreeNode } from './types';

export const NO_TREE_SOURCE_TEXT = 'NO SOURCE FOR THE TREE';
export const MISSING_NODE_TEXT = 'Three nodes can not be found.';

function treeOf(definition: EntityDefinition): TreeDefinition {
  if (!definition.tree) throw new Error(NO_TREE_SOURCE_TEXT);
  return definition.tree;
}

interface BuiltTree {
  roots: TreeNode[];
  lookup: Record<Id, TreeNode>;
}

/** One collator for every comparison: `localeCompare` builds one per call (5,000 nodes: ~60,000). */
const collator = new Intl.Collator();

/** Rows in tree order (parent, order, name) → nodes; orphans hang at the root. */
export function buildTree(definition: EntityDefinition, rows: readonly Row[] | null): BuiltTree {
  if (!rows) throw new Error(NO_TREE_SOURCE_TEXT);
  const tree = treeOf(definition);
  const lookup: Record<Id, TreeNode> = {};
  for (const row of rows) {
    const id = idOf(definition, row);
    if (id === null) continue;
    const parent = Number(row[tree.parent] ?? tree.rootValue);
    lookup[id] = { id, label: labelOf(definition, row), parent, row, children: [], depth: 0 };
  }
  const roots: TreeNode[] = [];
  for (const node of Object.values(lookup)) {
    const parent = lookup[node.parent];
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  const order = definition.keys.order;
  const byOrder = (a: TreeNode, b: TreeNode) =>
    (order ? Number(a.row[order] ?? 0) - Number(b.row[order] ?? 0) : 0) ||
    collator.compare(a.label, b.label) ||
    a.id - b.id;
  const place = (nodes: TreeNode[], depth: number, seen: Set<Id>) => {
    nodes.sort(byOrder);
    for (const node of nodes) {
      if (seen.has(node.id)) continue; // a cycle in bad data must not loop forever
      seen.add(node.id);
      node.depth = depth;
      place(node.children, depth + 1, seen);
    }
  };
  place(roots, 0, new Set());
  return { roots, lookup };
}

/** The rows a tree view draws: every node whose ancestors are all expanded. */
export function visibleNodes(roots: readonly TreeNode[], expanded: ReadonlySet<Id>): TreeNode[] {
  const out: TreeNode[] = [];
  const walk = (nodes: readonly TreeNode[]) => {
    for (const node of nodes) {
      out.push(node);
      if (expanded.has(node.id)) walk(node.children);
    }
  };
  walk(roots);
  return out;
}

/** `node` and all nodes below it. */
function subtreeIds(node: TreeNode): Id[] {
  return [node.id, ...node.children.flatMap(subtreeIds)];
}

/** All nodes below `node` in tree order, each with its depth below it (for indented choices). */
export function descendants(node: TreeNode): TreeNode[] {
  return node.children.flatMap((child) => [child, ...descendants(child)]);
}

/** The ids from the root down to `id` (for expanding the way to a selected node). */
export function pathTo(lookup: Record<Id, TreeNode>, id: Id): Id[] {
  const path: Id[] = [];
  let node = lookup[id];
  const seen = new Set<Id>();
  while (node && !seen.has(node.id)) {
    seen.add(node.id);
    path.unshift(node.id);
    node = lookup[node.parent];
  }
  return path;
}

/**
 * A node may move under any node except itself, its own descendants and nodes that
 * can not contain children; the root (0) is always a choice.
 */
export function parentChoices(
  definition: EntityDefinition,
  lookup: Record<Id, TreeNode>,
  roots: readonly TreeNode[],
  movingId: Id,
): TreeNode[] {
  const container = treeOf(definition).container;
  const moving = lookup[movingId];
  const excluded = new Set(moving ? subtreeIds(moving) : [movingId]);
  const all = roots.flatMap((root) => [root, ...descendants(root)]);
  return all.filter((node) => !excluded.has(node.id) && (!container || node.row[container] !== 0));
}
