/** One line of a company's audit trail: what was done to which record, before and after. */
export interface AuditEntry {
  action: string;
  entity: string;
  /** Who acted when nobody is logged in yet (a login, a password reset): that account. */
  user_id?: number;
  entity_id?: string | number | null;
  before?: unknown;
  after?: unknown;
}
