/**
 * Demo herbs' structured cautions, as the monographs named in docs/herb-cautions.md state them
 * (EMA/HMPC European Union herbal monographs, WHO monographs, Commission E, the AHPA Botanical
 * Safety Handbook): pregnancy, breastfeeding, the youngest age the monograph covers, the
 * conditions and the classes of medicines it names. Demo data: check the current monograph.
 * Condition names are the demo's (./clinical-lists.ts and CAUTION_CONDITIONS below); drug class
 * names are the starting ones (./drug-classes.ts); a unit test keeps them in step.
 */
import type { DRUG_CLASSES } from './drug-classes';

type DrugClass = (typeof DRUG_CLASSES)[number];

interface HerbSafety {
  pregnancy?: true;
  lactation?: true;
  /** Not for children under this age (years). */
  minAge?: number;
  conditions?: readonly string[];
  drugs?: readonly DrugClass[];
}

/** Conditions the monographs name that the demo's list of presenting conditions lacks. */
export const CAUTION_CONDITIONS = [
  'Liver disease',
  'Kidney disease',
  'Gallstones or blocked bile ducts',
  'Peptic ulcer',
  'Inflammatory bowel disease',
  'Intestinal obstruction',
  'Bleeding disorder',
  'Epilepsy',
  'Autoimmune disease',
  'Hyperthyroidism',
  'Hypokalaemia',
  'Oestrogen-dependent cancer',
] as const;

const PL = { pregnancy: true, lactation: true } as const;
const BILE = ['Gallstones or blocked bile ducts', 'Liver disease'];

export const HERB_SAFETY: Readonly<Record<string, HerbSafety>> = {
  "St John's wort": {
    ...PL,
    minAge: 18,
    drugs: [
      'SSRIs and other antidepressants',
      'Anticoagulants and antiplatelets',
      'Oral contraceptives',
      'Immunosuppressants (ciclosporin, tacrolimus)',
      'HIV protease inhibitors',
      'Cardiac glycosides (digoxin)',
    ],
  },
  Ginkgo: {
    ...PL,
    minAge: 18,
    conditions: ['Bleeding disorder', 'Epilepsy'],
    drugs: ['Anticoagulants and antiplatelets'],
  },
  Liquorice: {
    ...PL,
    minAge: 12,
    conditions: ['Hypertension', 'Liver disease', 'Kidney disease', 'Hypokalaemia'],
    drugs: ['Diuretics', 'Cardiac glycosides (digoxin)', 'Corticosteroids', 'Antihypertensives'],
  },
  'Dong quai': { ...PL, drugs: ['Anticoagulants and antiplatelets'] },
  'Black cohosh': {
    ...PL,
    minAge: 18,
    conditions: ['Liver disease', 'Oestrogen-dependent cancer'],
  },
  Valerian: { ...PL, minAge: 12 },
  Passionflower: { ...PL, minAge: 12, drugs: ['Sedatives and hypnotics'] },
  Hops: { ...PL, minAge: 12 },
  Senna: {
    ...PL,
    minAge: 12,
    conditions: ['Intestinal obstruction', 'Inflammatory bowel disease'],
    drugs: ['Cardiac glycosides (digoxin)', 'Diuretics', 'Corticosteroids'],
  },
  Bearberry: { ...PL, minAge: 12, conditions: ['Kidney disease'] },
  Garlic: {
    ...PL,
    minAge: 18,
    drugs: ['Anticoagulants and antiplatelets', 'HIV protease inhibitors'],
  },
  Ginger: { pregnancy: true, minAge: 6 },
  Feverfew: { ...PL, minAge: 18, drugs: ['Anticoagulants and antiplatelets'] },
  Echinacea: {
    ...PL,
    minAge: 12,
    conditions: ['Autoimmune disease'],
    drugs: ['Immunosuppressants (ciclosporin, tacrolimus)'],
  },
  'Korean ginseng': { ...PL, minAge: 18, drugs: ['Anticoagulants and antiplatelets'] },
  Eleuthero: { ...PL, minAge: 12, conditions: ['Hypertension'] },
  'Saw palmetto': { minAge: 18 },
  'Horse chestnut': { ...PL, minAge: 18 },
  'White willow': {
    ...PL,
    minAge: 18,
    conditions: ['Peptic ulcer', 'Bleeding disorder'],
    drugs: ['Anticoagulants and antiplatelets'],
  },
  Meadowsweet: { ...PL, minAge: 18 },
  'Chaste tree': { ...PL, minAge: 18, drugs: ['Oral contraceptives'] },
  Bladderwrack: { ...PL, minAge: 18, conditions: ['Hyperthyroidism'], drugs: ['Thyroid hormones'] },
  Goldenseal: { ...PL },
  Comfrey: { ...PL, minAge: 18, conditions: ['Liver disease'] },
  Wormwood: { ...PL, minAge: 18, conditions: [...BILE, 'Peptic ulcer'] },
  Sage: { ...PL, minAge: 18, conditions: ['Epilepsy'] },
  Dandelion: { ...PL, minAge: 12, conditions: [...BILE, 'Peptic ulcer'] },
  Yarrow: { ...PL, minAge: 18 },
  Rhodiola: { ...PL, minAge: 18 },
  Turmeric: { ...PL, minAge: 18, conditions: BILE },
  Psyllium: { minAge: 6, conditions: ['Intestinal obstruction'], drugs: ['Antidiabetics'] },
  Hawthorn: { ...PL, minAge: 12 },
  Andrographis: { ...PL, minAge: 12 },
};
