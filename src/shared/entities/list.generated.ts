// Written by `npm run generate:entities` from the definition files of this folder; do not edit.
// ./index.ts reads every export of this file as the list of entity definitions.
export { actions } from './actions';
export { allergies } from './allergies';
export { appointment_types } from './appointment_types';
export { appointments } from './appointments';
export { availability_exceptions } from './availability_exceptions';
export { batches } from './batches';
export { categories } from './categories';
export { conditions } from './conditions';
export { countries } from './countries';
export { diseases } from './diseases';
export { dispensary_products } from './dispensary_products';
export { drugClasses } from './drug_classes';
export { groups } from './groups';
export { herbs } from './herbs';
export { locations } from './locations';
export { medicines } from './medicines';
export { modules } from './modules';
export { organs } from './organs';
export { partuseds } from './partuseds';
export { patientletters } from './patientletters';
export { patients } from './patients';
export { prescriptions } from './prescriptions';
export { products } from './products';
export { snippets } from './snippets';
export { specialisms } from './specialisms';
export { symptoms } from './symptoms';
export { users } from './users';
export { waitlist_entries } from './waitlist_entries';
export { working_hours } from './working_hours';

/** The path of every entity set: what the maps of per-entity code are keyed by. */
export type EntityPath =
  | 'actions'
  | 'allergies'
  | 'appointment_types'
  | 'appointments'
  | 'availability_exceptions'
  | 'batches'
  | 'categories'
  | 'conditions'
  | 'countries'
  | 'diseases'
  | 'dispensary_products'
  | 'drug_classes'
  | 'groups'
  | 'herbs'
  | 'locations'
  | 'medicines'
  | 'modules'
  | 'organs'
  | 'partuseds'
  | 'patientletters'
  | 'patients'
  | 'prescriptions'
  | 'products'
  | 'snippets'
  | 'specialisms'
  | 'symptoms'
  | 'users'
  | 'waitlist_entries'
  | 'working_hours';
