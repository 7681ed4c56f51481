/**
 * RowOf types an entity's rows from its definition. These are checked by the type check
 * (`npx tsc`, part of the test run's lint step): a builder that loses a field's literal name, value
 * kind or nullability makes them fail to compile.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { Row, RowFor } from '../../src/server/entities/repository';
import type { EntityDefinition } from '../../src/shared/entities';
import type { RowOf } from '../../src/shared/entities/define';
import type { prescriptions } from '../../src/shared/entities/prescriptions';
import type { users } from '../../src/shared/entities/users';

type Prescription = RowOf<typeof prescriptions>;

describe('RowOf', () => {
  it('reads each field as its value kind is stored', () => {
    expectTypeOf<Prescription['prescription_name']>().toEqualTypeOf<string>();
    expectTypeOf<Prescription['prescription_total_price']>().toEqualTypeOf<number>();
    expectTypeOf<RowOf<typeof users>['user_enabled']>().toEqualTypeOf<0 | 1>();
  });

  it('lets null through only where the field allows it', () => {
    expectTypeOf<Prescription['prescription_patient_id']>().toEqualTypeOf<number>();
    expectTypeOf<Prescription['prescription_user_id']>().toEqualTypeOf<number | null>();
    expectTypeOf<Prescription['prescription_date']>().toEqualTypeOf<string | null>();
    expectTypeOf<Prescription['prescription_days']>().toEqualTypeOf<number | null>();
  });

  it('adds the id key and knows no other names', () => {
    expectTypeOf<Prescription['prescription_id']>().toEqualTypeOf<number>();
    expectTypeOf<Prescription>().not.toHaveProperty('prescription_colour');
  });

  it('types what the repository reads for a definition, and leaves any definition a Row', () => {
    expectTypeOf<RowFor<typeof prescriptions>['prescription_days']>().toEqualTypeOf<
      number | null
    >();
    expectTypeOf<RowFor<typeof prescriptions>['_version']>().toEqualTypeOf<unknown>();
    expectTypeOf<RowFor<EntityDefinition>>().toEqualTypeOf<Row>();
  });
});
