/** Module ids by name as the admin sees them; ids are per company, so ask each company. */
import { call, type TestCompany, type TestServer } from '../support/api';
import type { UserToken } from '../../src/shared/envelope';

export async function moduleIdsOf(
  server: TestServer,
  company: TestCompany,
  adminToken: UserToken,
): Promise<Record<string, number>> {
  const reply = await call<Array<{ module_id: number; module_name: string }>>(
    server,
    company,
    'modules/get_settings',
    {},
    adminToken,
  );
  if (!reply.result) throw new Error(`modules/get_settings failed: ${JSON.stringify(reply)}`);
  return Object.fromEntries(reply.data.map((m) => [m.module_name, m.module_id]));
}
