/**
 * Fixed choices of entity fields (contact, sex and gender as the product requirements list them;
 * forms as clinics make them).
 */
import {
  GENDER_OPTIONS as GENDERS,
  optionLabel,
  PREFERRED_CONTACT_OPTIONS as CONTACTS,
  SEX_OPTIONS as SEXES,
} from '../users';
import type { Option } from './types';

const labelled = (values: readonly string[]): readonly Option[] =>
  values.map((value) => ({ value, label: optionLabel(value) }));

/** The user record's lists (src/shared/users.ts), shared by users and patients. */
export const PREFERRED_CONTACT_OPTIONS = labelled(CONTACTS);
export const SEX_OPTIONS = labelled(SEXES);
export const GENDER_OPTIONS = labelled(GENDERS);

/** Forms of a prescription and of a dispensary product. */
export const FORM_OPTIONS: readonly Option[] = [
  { value: 'tincture', label: 'Tincture' },
  { value: 'dried', label: 'Dried herb' },
  { value: 'powder', label: 'Powder' },
  { value: 'capsules', label: 'Capsules' },
];

export const PRESCRIPTION_STATUS_OPTIONS: readonly Option[] = [
  { value: 'draft', label: 'Draft' },
  { value: 'dispensed', label: 'Dispensed' },
];

/** Unit kinds a stocked or prescribed quantity can have (stored in mg or ml). */
export const MATERIA_UNIT_KIND_OPTIONS: readonly Option[] = [
  { value: 'weight', label: 'Weight' },
  { value: 'volume', label: 'Volume' },
];

/** Keys of the mandatory category roots every company gets; tree selects start from them. */
export const CATEGORY_ROOTS = {
  patients: 'Patients',
  herbs: 'Herbs',
  dispensary: 'Dispensary',
  products: 'Products',
  snippets: 'Snippets',
} as const;
export type CategoryRootKey = keyof typeof CATEGORY_ROOTS;
