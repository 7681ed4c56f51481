/**
 * The classes of medicines every clinic starts with: the ones herbal monographs name as
 * interactions (docs/herb-cautions.md). Demo herbs link to them by these names.
 */
export const DRUG_CLASSES = [
  'Anticoagulants and antiplatelets',
  'SSRIs and other antidepressants',
  'MAO inhibitors',
  'Oral contraceptives',
  'Antihypertensives',
  'Diuretics',
  'Cardiac glycosides (digoxin)',
  'Corticosteroids',
  'Immunosuppressants (ciclosporin, tacrolimus)',
  'HIV protease inhibitors',
  'Antidiabetics',
  'Sedatives and hypnotics',
  'Thyroid hormones',
  'Iron supplements',
  'Lithium',
] as const;
