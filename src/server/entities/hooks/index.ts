/** The extras of each entity set; entity sets not named here use the generic engine alone. */
import type { EntityHooks } from '../hooks';
import { categoryHooks } from './categories';
import { groupHooks } from './groups';
import { herbHooks } from './herbs';
import { patientletterHooks } from './patientletters';
import { prescriptionHooks } from './prescriptions';
import { userHooks } from './users';

const HOOKS: Readonly<Record<string, EntityHooks>> = {
  categories: categoryHooks,
  groups: groupHooks,
  herbs: herbHooks,
  patientletters: patientletterHooks,
  prescriptions: prescriptionHooks,
  users: userHooks,
};

export const hooksOf = (entities: string): EntityHooks => HOOKS[entities] ?? {};
