/**
 * The audit trail as people read it: the lines the server answers (who, what, when, from where,
 * which fields changed), the words its actions are shown in, and the filters of the admin screen.
 * The server and the web both read these, so a label or a filter has one home.
 */

/** One field a write changed, in the entity definition's words. */
export interface AuditChange {
  field: string;
  label: string;
  before: string;
  after: string;
}

export interface AuditLine {
  audit_id: number;
  /** ISO date and time (UTC). */
  at: string;
  user_id: number | null;
  user_name: string;
  action: string;
  action_label: string;
  entity: string;
  entity_label: string;
  entity_id: string | null;
  /** The caller's address as the server saw it. */
  ip: string;
  changes: AuditChange[];
}

/** A page of lines, newest first; `next_before_id` asks for the next (older) page. */
export interface AuditPage {
  lines: AuditLine[];
  next_before_id: number | null;
  /**
   * A patient's history asked with `views: 'grouped'`: its views counted by month, newest first
   * (on the first page only), while its lines leave the views out.
   */
  viewed?: ViewMonth[];
}

/** The views of a record in one month (UTC). */
export interface ViewMonth {
  /** YYYY-MM */
  month: string;
  views: number;
  /** The different people who viewed. */
  people: number;
}

/** How a patient's history shows views: every one as a line, or counted by month. */
export const HISTORY_VIEWS = ['every', 'grouped'] as const;
export type HistoryViews = (typeof HISTORY_VIEWS)[number];

/** The action every read of one record is recorded under. */
export const VIEW_ACTION = 'read';

export interface AuditFilters {
  user_id?: number | undefined;
  entity?: string | undefined;
  action?: string | undefined;
  /** YYYY-MM-DD, inclusive (UTC days). */
  from?: string | undefined;
  to?: string | undefined;
}

export const AUDIT_PAGE_SIZE = 50;
/** The most lines one CSV export holds; a wider export is refused with a hint to filter. */
export const AUDIT_EXPORT_LIMIT = 100_000;

/** The company setting (module `materia`, private) and its bounds. */
export const AUDIT_RETENTION_SETTING = 'audit_retention_years';
export const AUDIT_RETENTION_DEFAULT_YEARS = 7;
export const AUDIT_RETENTION_MIN_YEARS = 1;

const ACTION_LABELS: Record<string, string> = {
  read: 'Viewed',
  insert: 'Created',
  update: 'Changed',
  delete: 'Deleted',
  print: 'Printed',
  export: 'Exported',
  send: 'Sent by e-mail',
  login: 'Signed in',
  logout: 'Signed out',
};

/** The actions the admin screen offers as a filter. */
export const AUDIT_FILTER_ACTIONS = Object.keys(ACTION_LABELS);

/** "Viewed", "Changed"…; an action without a label of its own reads as its words. */
export function auditActionLabel(action: string): string {
  const label = ACTION_LABELS[action];
  if (label) return label;
  const words = action.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
