// Written by `npm run generate:entities` from the definition files of this folder; do not edit.
import { actions } from './actions';
import { categories } from './categories';
import { conditions } from './conditions';
import { countries } from './countries';
import { diseases } from './diseases';
import { dispensary_products } from './dispensary_products';
import { groups } from './groups';
import { herbs } from './herbs';
import { locations } from './locations';
import { modules } from './modules';
import { organs } from './organs';
import { partuseds } from './partuseds';
import { patientletters } from './patientletters';
import { patients } from './patients';
import { prescriptions } from './prescriptions';
import { products } from './products';
import { snippets } from './snippets';
import { specialisms } from './specialisms';
import { symptoms } from './symptoms';
import { users } from './users';
import type { EntityDefinition } from './types';

export {
  actions,
  categories,
  conditions,
  countries,
  diseases,
  dispensary_products,
  groups,
  herbs,
  locations,
  modules,
  organs,
  partuseds,
  patientletters,
  patients,
  prescriptions,
  products,
  snippets,
  specialisms,
  symptoms,
  users,
};

/** Every entity set, one definition each, in file order. */
export const ENTITIES: readonly EntityDefinition[] = [
  actions,
  categories,
  conditions,
  countries,
  diseases,
  dispensary_products,
  groups,
  herbs,
  locations,
  modules,
  organs,
  partuseds,
  patientletters,
  patients,
  prescriptions,
  products,
  snippets,
  specialisms,
  symptoms,
  users,
];
