/** The one reply envelope of every API call. */

/** s/p success, w warning, i info, e (or anything else) error. */
export type MessageType = 's' | 'p' | 'w' | 'i' | 'e';

export interface Message {
  type: MessageType;
  text: string;
  /** Milliseconds the toast stays; the client's default applies when absent. */
  timeout?: number;
  /**
   * The payload field a refusal is about (`symptom_name`), when it is one of the definition's
   * fields: the text then names it by its label ("Name is required.") and a client shows it
   * beside that field rather than as a toast.
   */
  field?: string;
}

/** What the client sends as `_user_token`; the server trusts only `hash` and `userlogin_id`. */
export interface UserToken {
  hash: string;
  userlogin_id: number;
  hash_expire: string;
  logged_in_at: string;
  user_id: number;
  group_ids: number[];
  domain_ids: number[];
}

export interface Envelope<T = unknown> {
  result: boolean;
  data: T;
  messages: Message[];
  version: string;
  authentication_failed?: boolean;
  hash?: string;
  hash_expire?: string;
  logged_in_at?: string;
  userlogin_id?: number;
}

/** Fields every payload may carry besides the call's own. */
export const ENVELOPE_FIELDS = ['_company_slug', '_user_token'] as const;

export const MISSING_SLUG_TEXT = 'Sorry company slug is missing.';
export const UNKNOWN_COMPANY_TEXT = 'Sorry, this clinic is not known here.';

/** Fixed text: an update call without the name of the field to change. */
export const FIELD_MISSING_TEXT = 'Payload must contain the "field".';
