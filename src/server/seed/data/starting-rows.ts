/**
 * The lists every new company starts with, by entity set, written in this order inside the
 * company's creation transaction (editable afterwards). A new entity's starting list is one entry
 * here; countries and the category roots, which need more than rows, are written by ../company.ts.
 */
import type { EntityPath } from '../../../shared/entities';
import type { SeedRow } from '../insert';
import { ACTIONS, PARTS_USED } from './materia-basics';
import { DRUG_CLASSES } from './drug-classes';

export const STARTING_ROWS: ReadonlyArray<readonly [EntityPath, readonly SeedRow[]]> = [
  ['partuseds', PARTS_USED.map(([name, latin]) => ({ partused_name: name, partused_latin_name: latin }))],
  ['actions', ACTIONS.map(([name, description]) => ({ action_name: name, action_description: description }))],
  [
    'allergies',
    [
      'Pollen',
      'House dust mite',
      'Latex',
      'Penicillin',
      'Aspirin and NSAIDs',
      'Peanuts',
      'Tree nuts',
      'Shellfish',
      'Celery',
      'Gluten',
      'Daisy family (Asteraceae)',
      'Carrot family (Apiaceae)',
      'Mint family (Lamiaceae)',
      'Salicylates',
      'Bee and wasp stings',
    ].map((name) => ({ allergy_name: name })),
  ],
  ['drug_classes', DRUG_CLASSES.map((name) => ({ drug_class_name: name }))],
];
