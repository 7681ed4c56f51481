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
import { ENTITIES, herbs, patients, type EntityDefinition } from '../../src/shared/entities';
import { input } from '../../src/shared/entities/fields';
import { referenceList } from '../../src/shared/entities/reference-list';
import { useOwnerClient } from '../support/owner-client';
import { useTestServer } from '../support/test-env';

const env = useTestServer({ company: false });
const ownerClient = useOwnerClient(() => env.server);

/** The drifts of `definitions`, then those left after applying their fixes; all rolled back. */
async function driftAndAfterFixes(definitions: readonly EntityDefinition[]) {
  await ownerClient().query('begin');
  try {
    const before: Drift[] = await schemaDriftWithin(ownerClient(), definitions);
    for (const drift of before) {
      if (drift.fix) await ownerClient().query(drift.fix.replaceAll(':app_role', 'public'));
    }
    const after = await schemaDriftWithin(ownerClient(), definitions);
    return { before: before.map(describeDrift), after: after.map(describeDrift) };
  } finally {
    await ownerClient().query('rollback');
  }
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
