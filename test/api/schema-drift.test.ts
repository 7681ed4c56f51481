/**
 * The live schema is the one the entity definitions imply (issue 13): columns, types,
 * nullability, option CHECKs, references, computed columns, search text, row versions, indexes
 * and link tables — and every difference is named. A changed definition is reported field by
 * field, and the SQL the generator would freeze for it makes the schema match (applied here in a
 * transaction that is rolled back, so other test files never see it).
 */
import { describe, expect, it } from 'vitest';
import {
  describeDrift,
  schemaDrift,
  schemaDriftWithin,
  type Drift,
} from '../../src/server/db/ddl/drift';
import { readMigrationFiles } from '../../src/server/db/ddl/migration-files';
import { MIGRATIONS } from '../../src/server/db/migrations';
import {
  ENTITIES,
  countries,
  herbs,
  patients,
  prescriptions,
  type EntityDefinition,
} from '../../src/shared/entities';
import { input } from '../../src/shared/entities/fields';
import { referenceList } from '../../src/shared/entities/reference-list';
import { useOwnerClient } from '../support/owner-client';
import { inRolledBackDdl } from '../support/rolled-back-ddl';
import { useTestServer } from '../support/test-env';

const env = useTestServer();
const ownerClient = useOwnerClient(() => env.server);

/**
 * The drifts of `definitions` (after `prepare`, SQL that changes the schema), then those left
 * after applying their fixes, and what `look` reads before and after them; all rolled back.
 */
function driftAndAfterFixes<T = undefined>(
  definitions: readonly EntityDefinition[],
  { prepare, look }: { prepare?: string; look?: () => Promise<T> } = {},
) {
  return inRolledBackDdl(ownerClient(), async () => {
    if (prepare) await ownerClient().query(prepare);
    const lookedBefore = await look?.();
    const before: Drift[] = await schemaDriftWithin(ownerClient(), definitions);
    for (const drift of before) {
      if (drift.fix) await ownerClient().query(drift.fix.replaceAll(':app_role', 'public'));
    }
    const after = await schemaDriftWithin(ownerClient(), definitions);
    const looked = [lookedBefore, await look?.()];
    return { before: before.map(describeDrift), after: after.map(describeDrift), looked };
  });
}

/** The names of `table`'s indexes. */
async function indexesOf(table: string): Promise<string[]> {
  const { rows } = await ownerClient().query<{ name: string }>(
    'select indexname as name from pg_indexes where tablename = $1',
    [table],
  );
  return rows.map((r) => r.name);
}

describe('schema drift', () => {
  it('finds none between the migrated schema and every definition', async () => {
    expect((await schemaDrift(ownerClient(), ENTITIES)).map(describeDrift)).toEqual([]);
  });

  it('names each difference of a changed definition, and its fixes remove them', async () => {
    const changed: EntityDefinition = {
      ...herbs,
      fields: [
        ...herbs.fields.map((f) =>
          f.name === 'herb_dose_unit_kind'
            ? { ...f, options: [...(f.options ?? []), { value: 'count', label: 'Count' }] }
            : f,
        ),
        {
          ...input('herb_city'),
          rule: input('herb_city').rule(),
          label: 'City',
          required: false,
          readOnly: false,
          adminOnly: false,
          money: false,
          inList: true,
          copy: true,
        },
      ],
      list: { ...herbs.list, search: [...herbs.list.search, 'herb_family'] },
      relations: [
        ...herbs.relations,
        {
          name: 'locations',
          label: 'Locations',
          type: 'select_relation',
          entities: 'locations',
          table: 'herb_locations',
          ownKey: 'herb_id',
          otherKey: 'location_id',
          adminOnly: false,
        },
      ],
    };
    const { before, after } = await driftAndAfterFixes([changed]);
    expect(before).toEqual([
      'herbs.herb_dose_unit_kind: ' +
        "CHECK allows 'weight', 'volume' but the definition offers 'weight', 'volume', 'count'",
      'herbs.herb_city: column missing',
      expect.stringMatching(/^herbs\.search_text: is not the search over herb_name, .*herb_family/),
      'herb_locations (herbs.locations): link table missing',
    ]);
    expect(after).toEqual([]);
  });

  it('finds a missing search index and search function, and its fixes make them again', async () => {
    const { before, after } = await driftAndAfterFixes([countries], {
      prepare: `drop index countries_search_trgm;
        drop function search_countries(text[], integer[], bigint);`,
    });
    expect(before).toEqual([
      'countries_search_trgm: no trigram index of the search text',
      'search_countries(): search function missing',
    ]);
    expect(after).toEqual([]);
  });

  it('finds a partial index beside the whole one a definition asks for, and drops it', async () => {
    const { before, after, looked } = await driftAndAfterFixes([prescriptions], {
      prepare: `create index drift_partial on prescriptions (company_id, prescription_date)
        where prescription_date is not null`,
      look: async () => (await indexesOf('prescriptions')).includes('drift_partial'),
    });
    expect(before).toEqual([
      'drift_partial: is a partial index on (company_id,prescription_date), ' +
        "which the definition's index covers",
    ]);
    expect(after).toEqual([]);
    expect(looked).toEqual([true, false]);
  });

  it('builds a new entity and its relation from their definitions alone', async () => {
    const diets = referenceList({
      entities: 'diets',
      base: 'diet',
      title: 'Diets',
      singular: 'diet',
      module: { description: 'Diets a patient keeps.', section: 'Reference data', position: 99 },
    });
    const withDiets: EntityDefinition = {
      ...patients,
      relations: [
        ...patients.relations,
        {
          name: 'diets',
          label: 'Diets',
          type: 'select_relation',
          entities: 'diets',
          table: 'patient_diets',
          ownKey: 'patient_id',
          otherKey: 'diet_id',
          adminOnly: false,
        },
      ],
    };
    const { before, after } = await driftAndAfterFixes([diets, withDiets]);
    expect(before).toEqual([
      'diets: table missing',
      'patient_diets (patients.diets): link table missing',
    ]);
    expect(after).toEqual([]);
  });

  it('lists every file of the migrations folder, in order', () => {
    expect(MIGRATIONS.map((m) => m.name)).toEqual(readMigrationFiles().map((f) => f.name));
  });
});
