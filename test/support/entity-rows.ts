/**
 * A new row of a company in every entity set, made through the API as the company's admin (with
 * whatever each row must point at), for the generated matrices.
 */
import { inTenant } from '../../src/server/db/tenancy';
import { ENTITIES, entityByPath, type EntityDefinition } from '../../src/shared/entities';
import type { UserToken } from '../../src/shared/envelope';
import { callerFor, insertSample, Targets } from '../api/entities-helpers';
import type { TestCompany, TestServer } from './api';
import type { IdSource } from './call-catalogue';
import { moduleIdsOf } from './module-ids';

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

/**
 * Ids of the company's own rows for the call catalogue: a new row of each entity set (made
 * here), modules by name, and for `disposable` a fresh row each time. `lasting` hands out the
 * same rows for `disposable` too, for payloads that are only built, or may fail.
 */
export async function ownIds(
  server: TestServer,
  company: TestCompany,
  admin: UserToken,
): Promise<{ ids: IdSource; lasting: IdSource }> {
  const rows = await rowOfEachEntity(server, company, admin);
  const modules = new Map(Object.entries(await moduleIdsOf(server, company, admin)));
  const asAdmin = callerFor(server, company, admin);
  const targets = new Targets(asAdmin);
  const ids: IdSource = {
    row: (entities, root) => (root ? targets.idOf(entities, root) : idIn(rows, entities)),
    disposable: async (entities) => {
      const d = entityByPath(entities) as EntityDefinition;
      // A set no call inserts into (modules) has only its lasting rows to offer.
      if (d.capabilities.insert === false) return idIn(rows, entities);
      return (await insertSample(asAdmin, d, targets)).id;
    },
    module: (name) => idIn(modules, name),
  };
  return { ids, lasting: { ...ids, disposable: (entities) => idIn(rows, entities) } };
}
