/**
 * The client state of one entity set and the one seam to the server: a transport that
 * sends `{entities}/{verb}` and answers result, data and the first message (react-admin's "fixed
 * set of data verbs"). Everything here is plain data, so the store runs without React.
 */
import type { TabDefinition } from '../../../shared/entities';
import type { FilterValue } from '../../../shared/filters';

export type Row = Record<string, unknown>;
export type Id = number;

/** A related or typeahead row as the server answers it. */
export interface Labelled {
  id: Id;
  label: string;
}

export type Filters = Record<string, FilterValue>;
export type RelationFilters = Record<string, Id[]>;

export interface TreeNode {
  id: Id;
  label: string;
  parent: Id;
  row: Row;
  children: TreeNode[];
  depth: number;
}

/** Whether an editor item can be changed now, and why not. */
export interface ItemState {
  disabled: boolean;
  hint?: string;
}

/** Who is looking: decides which items and actions are allowed. */
export interface Viewer {
  admin: boolean;
  privileges: readonly string[];
}

export interface EntityData {
  selected_object: Row | null;
  selected_ids: Id[];
  list: Row[];
  list_lookup: Record<Id, Row>;
  /** Secondary key value (category_key, group_key, …) → id. */
  key_lookup: Record<string, Id>;
  node_lookup: Record<Id, TreeNode>;
  tree: TreeNode[];
  /** What a new row starts with (the definition's defaults). */
  defaults: Row;
  tabs: readonly TabDefinition[];
  /** Section open state by `{tab}:{title}`; absent means the definition's starting state. */
  sections: Record<string, boolean>;
  items: Record<string, ItemState>;
  filters: Filters;
  relation_filters: RelationFilters;
  page: number;
  limit: number;
  typeahead_limit: number;
  no_more: boolean;
  relations: Record<string, Labelled[]>;
  relation_ids: Record<string, Id[]>;
  typeahead_labels_lookup: Record<Id, string>;
  insert_data: Row;
  /** Another entity set whose label cache this one uses. */
  alias_of: string | null;

  loading: boolean;
  /** The list has been loaded at least once (once-only loads skip after it). */
  list_loaded: boolean;
  row_loading: boolean;
  /** null until a row load answers; false shows Not Found. */
  found: boolean | null;
  select_mode: boolean;
  /** Where a Shift-click range starts. */
  anchor_id: Id | null;
  last_inserted_id: Id | null;
  /** Rows matching the filters, for the Filters badge. */
  count: number | null;
  /** More rows match than `count` (a broad search is counted up to 1,000: "1,000+ found"). */
  count_more: boolean;
  viewer: Viewer;
  /** View state kept here so that it outlives the screen being drawn again (route changes). */
  filters_open: boolean;
  /** Open tree nodes; null until the tree is first drawn (then roots start open). */
  expanded_ids: Id[] | null;
  /** Where the list was scrolled to. */
  scroll_offset: number;
  /** A save refused because someone changed the field meanwhile (./conflicts.ts). */
  conflict: EditConflict | null;
  /** "Select all N matching" (./bulkEdit.ts): null when only the chosen rows are selected. */
  all_matching: AllMatching | null;
}

/** Every row matching the list's query, chosen in select mode; bulk actions run on the server. */
export interface AllMatching {
  /** The exact size of the set when chosen: the count the user confirms. */
  count: number;
  filters: Filters;
  relation_filters: RelationFilters;
  /** The loaded rows selected with it: a change of the selection or the query ends it. */
  ids: Id[];
}

/** A save the server refused because the field changed since the user saw it. */
export interface EditConflict {
  id: Id;
  field: string;
  /** The value the user tried to save: Overwrite sends it again. */
  value: unknown;
  /** The server's message: who changed the field, and when. */
  message: string;
  /** The row as it is now. */
  entity: Row;
}

export interface Reply<T = unknown> {
  ok: boolean;
  data: T;
  /** The first message of the reply (a refusal names the field). */
  message: string | null;
  /** The definition's field that message is about (the envelope message's `field`), or null. */
  field?: string | null;
}

/**
 * Where a call's messages go: 'log' to the console only (reads: list, row, count), 'caller' to
 * the code that made the call (a field's refusal shown beside the field), 'toast' as toasts.
 */
export type MessageDisplay = 'log' | 'caller' | 'toast';

export type Transport = (
  path: string,
  payload: Record<string, unknown>,
  messages: MessageDisplay,
) => Promise<Reply>;
