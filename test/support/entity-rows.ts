/**
 * A new row of a company in every entity set, made through the API as the company's admin (with
 * whatever each row must point at), for the generated matrices.
 */
import { inTenant } from '../../src/server/db/tenancy';
import { ENTITIES } from '../../src/shared/entities';
import type { UserToken } from '../../src/shared/envelope';
import { callerFor, insertSample, Targets } from '../api/entities-helpers';
import type { TestCompany, TestServer } from './api';

/** Entity set → the id of its new row. Modules, which no call inserts, are written directly. */
export async function rowOfEachEntity(
  server: TestServer,
  company: TestCompany,
  admin: UserToken,
): Promise<Map<string, number>> {
  const rows = new Map<string, number>();
  const caller = callerFor(server, company, admin);
  const targets = new Targets(caller);
  for (const d of ENTITIES) {
    if (d.entities === 'modules') continue;
    rows.set(d.entities, (await insertSample(caller, d, targets)).id);
  }
  const module = await inTenant(server.database.db, company.companyId, (trx) =>
    trx
      .insertInto('modules')
      .values({ company_id: company.companyId, module_name: `only_in_${company.slug}` })
      .returning('module_id')
      .executeTakeFirstOrThrow(),
  );
  rows.set('modules', module.module_id);
  return rows;
}

/** The row's id, or an error naming the entity set that has none. */
export function idIn(rows: Map<string, number>, entities: string): Promise<number> {
  const id = rows.get(entities);
  if (id === undefined) return Promise.reject(new Error(`No row of ${entities} was made.`));
  return Promise.resolve(id);
}
