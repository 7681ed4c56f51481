/**
 * The call registry. Every API call is declared once — its path, who may make it, the schema of
 * its payload and its handler — and the dispatcher does the rest (slug, token, privilege, module
 * enabled, validation, tenant transaction, envelope). Routes stay thin; handlers call services.
 */
import type { z } from 'zod';
import type { Envelope, Message } from '../../shared/envelope';
import type { Tx } from '../db/tenancy';
import type { Services } from '../services';
import type { AuditEntry } from '../domain/audit';
import type { AuthUser, Caller } from '../domain/caller';
import type { FieldLabels } from './validation';

export interface CallContext {
  trx: Tx;
  caller: Caller;
  services: Services;
  /** The logged-in user; handlers of calls that require login may rely on it. */
  user: AuthUser;
  audit(entry: AuditEntry): Promise<void>;
  /** Many entries in one statement (an import's added rows); where absent, `audit` each. */
  auditMany?(entries: readonly AuditEntry[]): Promise<void>;
}

/** Where a download's body goes: `write` resolves once the client has room for more. */
export interface DownloadSink {
  write(chunk: Buffer | string): Promise<void>;
}

/** A reply that is a file rather than an envelope (an export). */
export interface Download {
  filename: string;
  contentType: string;
  headers?: Record<string, string>;
  /** Writes the body inside the call's transaction, which stays open until it resolves. */
  write(sink: DownloadSink): Promise<void>;
}

export interface CallResult {
  data?: unknown;
  /** Sent instead of the envelope, streamed while the transaction is still open. */
  download?: Download;
  messages?: Message[];
  /** A refusal that still commits what the call wrote (e.g. a counted failed login). */
  result?: boolean;
  status?: number;
  /** Seconds to send as Retry-After (a throttled login). */
  retryAfter?: number;
  /** Fields placed at the envelope's top level (login's token fields). */
  top?: Partial<Pick<Envelope, 'hash' | 'hash_expire' | 'logged_in_at' | 'userlogin_id'>>;
}

/**
 * public: anyone of the company; user: any logged-in user; privilege: `module/route`, refused
 * with `refusal` when the call names what is missing (else the common privilege message).
 */
export type Access =
  | 'public'
  | 'user'
  | {
      privilege: string;
      refusal?: string;
      /** Further routes it needs as well: a diary list naming patients needs patients/list. */
      alsoNeeds?: readonly string[];
    };

export interface CallDefinition<S extends z.ZodType = z.ZodType> {
  path: string;
  access: Access;
  input: S;
  /** Labels of the payload's fields (an entity's), so that refusals name them in words. */
  labels?: FieldLabels;
  /**
   * False when the handler reads nothing from the database: a caller whose session is in the
   * session cache is then answered without a connection (the heartbeat's hot path).
   */
  database?: boolean;
  /**
   * True for a call that answers with a file download: its download slot is taken before it waits
   * for a database connection, so that a refusal for too many downloads never waits on the pool.
   */
  download?: boolean;
  handler(ctx: CallContext, input: z.infer<S>): Promise<CallResult>;
}

export const defineCall = <S extends z.ZodType>(definition: CallDefinition<S>) =>
  definition as unknown as CallDefinition;

type CallResolver = (path: string) => CallDefinition | undefined;

/** A family of calls named by pattern: how to find one, and every path it answers today. */
export interface CallFamily {
  resolve: CallResolver;
  /** Every concrete path of the family (for the generated matrices, fuzzing and docs). */
  paths(): string[];
}

export class CallRegistry {
  private readonly exact = new Map<string, CallDefinition>();
  private readonly families: CallFamily[] = [];

  add(...definitions: CallDefinition[]): this {
    for (const definition of definitions) {
      if (this.exact.has(definition.path))
        throw new Error(`Call ${definition.path} declared twice`);
      this.exact.set(definition.path, definition);
    }
    return this;
  }

  /** For families of calls named by pattern ({entities}/list, {module}/get_my_preferences…). */
  addFamily(family: CallFamily): this {
    this.families.push(family);
    return this;
  }

  find(path: string): CallDefinition | undefined {
    const found = this.exact.get(path);
    if (found) return found;
    for (const family of this.families) {
      const resolved = family.resolve(path);
      if (resolved) return resolved;
    }
    return undefined;
  }

  /** The calls declared one by one. */
  paths(): string[] {
    return [...this.exact.keys()];
  }

  /** Every call the server answers: the exact ones and every member of every family. */
  allPaths(): string[] {
    const all = new Set(this.paths());
    for (const family of this.families) for (const path of family.paths()) all.add(path);
    return [...all].filter((path) => this.find(path)).sort();
  }
}
