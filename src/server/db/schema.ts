/** Kysely types of the platform tables. Entity tables are typed by their shared definitions. */
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json = ColumnType<Record<string, unknown>, string | undefined, string>;

interface CompaniesTable {
  company_id: Generated<number>;
  company_slug: string;
  company_name: string;
  created_at: Generated<Date>;
}

interface UsersTable {
  company_id: number;
  user_id: Generated<number>;
  user_first_name: string;
  user_last_name: string;
  user_surname: Generated<string>;
  user_email: string;
  user_avatar: Generated<string>;
  user_dob: ColumnType<string | null, string | null | undefined, string | null>;
  user_reference_number: Generated<string>;
  user_phone: Generated<string>;
  user_mobile: Generated<string>;
  user_preferred_contact: Generated<string>;
  user_sex: Generated<string>;
  user_gender: Generated<string>;
  user_notes: Generated<string>;
  user_enabled: Generated<number>;
  user_password_hash: Generated<string>;
  user_created_at: Generated<Date>;
  user_updated_at: Generated<Date>;
}

interface GroupsTable {
  company_id: number;
  group_id: Generated<number>;
  group_name: string;
  group_key: string;
  group_description: Generated<string>;
}

interface UserGroupsTable {
  company_id: number;
  user_id: number;
  group_id: number;
}

interface GroupPrivilegesTable {
  company_id: number;
  group_id: number;
  privilege: string;
}

interface UserLoginsTable {
  company_id: number;
  userlogin_id: Generated<number>;
  user_id: number;
  token_hash: Buffer;
  logged_in_at: Generated<Date>;
  last_seen_at: Generated<Date>;
  expires_at: Timestamp;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  ip: Generated<string>;
  user_agent: Generated<string>;
}

interface PasswordResetsTable {
  company_id: number;
  reset_id: Generated<number>;
  user_id: number;
  token_hash: Buffer;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

interface UserAvatarsTable {
  company_id: number;
  user_id: number;
  avatar_key: string;
  avatar_content_type: string;
  avatar_data: Buffer;
  created_at: Generated<Date>;
}

interface AuthAttemptsTable {
  company_id: number;
  attempt_id: Generated<number>;
  kind: 'login' | 'reset' | 'booking';
  subject: string;
  at: Generated<Date>;
}

export interface ModulesTable {
  company_id: number;
  module_id: Generated<number>;
  module_name: string;
  module_description: Generated<string>;
  module_enabled: Generated<number>;
  module_essential: Generated<number>;
  module_settings: Json;
  module_public_settings: Json;
  module_order: Generated<number>;
}

interface ModuleGroupsTable {
  company_id: number;
  module_id: number;
  group_id: number;
}

interface UserPreferencesTable {
  company_id: number;
  user_id: number;
  module_id: number;
  preferences: Json;
}

interface AuditLogTable {
  company_id: number;
  audit_id: Generated<number>;
  at: Generated<Date>;
  user_id: number | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before: ColumnType<unknown, string | null | undefined, never>;
  after: ColumnType<unknown, string | null | undefined, never>;
  ip: Generated<string>;
}

/** Secrets every server of a deployment shares (not tenant data; see 0002_server_secrets). */
interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: Generated<Date>;
}

/** Captcha solutions already accepted, by any server (see 0014_captcha_uses). */
interface CaptchaUsesTable {
  nonce: string;
  expires_at: Date;
}

/** Letters sent by e-mail (see 0027_patientletter_sendings). */
interface PatientletterSendingsTable {
  company_id: number;
  sending_id: Generated<number>;
  patientletter_id: number;
  sent_at: Generated<Date>;
  sent_to: string;
  user_id: number | null;
}

export interface DB {
  companies: CompaniesTable;
  users: UsersTable;
  groups: GroupsTable;
  user_groups: UserGroupsTable;
  group_privileges: GroupPrivilegesTable;
  user_logins: UserLoginsTable;
  password_resets: PasswordResetsTable;
  user_avatars: UserAvatarsTable;
  auth_attempts: AuthAttemptsTable;
  modules: ModulesTable;
  module_groups: ModuleGroupsTable;
  user_preferences: UserPreferencesTable;
  audit_log: AuditLogTable;
  server_secrets: ServerSecretsTable;
  captcha_uses: CaptchaUsesTable;
  patientletter_sendings: PatientletterSendingsTable;
}
