/** The materia medica: names, family, parts used, actions, indications, doses. */
import { defineEntity } from './define';
import { category, input, number, quantity, select, textarea, toggle } from './fields';
import { MATERIA_UNIT_KIND_OPTIONS } from './options';

const doseUnit = { kindField: 'herb_dose_unit_kind' } as const;
const linked = (name: string, entities: string, otherKey: string) => ({
  name,
  entities,
  table: `herb_${name}`,
  otherKey,
});

const RELATION_LABELS: Record<string, string | undefined> = {
  partuseds: 'Parts used',
  caution_conditions: 'Avoid with conditions',
  caution_drug_classes: 'Interacts with medicines',
  allergies: 'Allergy groups',
};

export const herbs = defineEntity({
  entities: 'herbs',
  base: 'herb',
  title: 'Herbs',
  module: {
    description: 'The materia medica: herbs with their names, parts used, actions and doses.',
    section: 'Materia medica',
    position: 1,
    leftDrawer: true,
  },
  singular: 'herb',
  fields: [
    input('herb_name', { required: true, label: 'Common name' }),
    input('herb_latin_name', { label: 'Latin name' }),
    input('herb_family', { max: 100 }),
    input('herb_other_names', { max: 500 }),
    textarea('herb_indications'),
    textarea('herb_cautions', {
      hint: 'Contraindications, interactions, pregnancy and lactation.',
    }),
    select('herb_dose_unit_kind', MATERIA_UNIT_KIND_OPTIONS, {
      required: true,
      default: 'volume',
      label: 'Dose measured by',
    }),
    quantity('herb_dose_min', doseUnit, { nullable: true, label: 'Daily dose from' }),
    quantity('herb_dose_max', doseUnit, { nullable: true, label: 'Daily dose to' }),
    // Structured cautions, from the herb's monograph (docs/herb-cautions.md): the formula editor
    // checks them against the patient's record (src/shared/prescription-safety.ts).
    toggle('herb_caution_pregnancy', { label: 'Avoid in pregnancy' }),
    toggle('herb_caution_lactation', { label: 'Avoid while breastfeeding' }),
    number('herb_caution_min_age', {
      integer: true,
      min: 0,
      max: 18,
      nullable: true,
      label: 'Not for children under (years)',
    }),
    category('herb_category_id', 'herbs'),
    textarea('herb_notes', { max: 20_000 }),
  ],
  relations: [
    linked('partuseds', 'partuseds', 'partused_id'),
    linked('actions', 'actions', 'action_id'),
    linked('conditions', 'conditions', 'condition_id'),
    linked('diseases', 'diseases', 'disease_id'),
    linked('organs', 'organs', 'organ_id'),
    // What the monograph says to avoid: conditions of the patient, classes of medicines taken.
    linked('caution_conditions', 'conditions', 'condition_id'),
    linked('caution_drug_classes', 'drug_classes', 'drug_class_id'),
    // The allergies that cover the herb (its botanical family, salicylates, the herb itself):
    // a patient with one of them gets an allergy warning for it (../safety-allergies.ts).
    linked('allergies', 'allergies', 'allergy_id'),
    linked('specialisms', 'specialisms', 'specialism_id'),
    linked('symptoms', 'symptoms', 'symptom_id'),
  ].map((r) => ({ ...r, label: RELATION_LABELS[r.name] })),
  tabs: [
    {
      name: 'general',
      sections: [
        {
          title: 'Names',
          items: [
            'herb_name',
            'herb_latin_name',
            'herb_family',
            'herb_other_names',
            'herb_category_id',
          ],
        },
        { title: 'Materia medica', items: ['partuseds', 'actions'] },
        { title: 'Dose', items: ['herb_dose_unit_kind', 'herb_dose_min', 'herb_dose_max'] },
        { title: 'Indications and cautions', items: ['herb_indications', 'herb_cautions'] },
        {
          title: 'Safety checks',
          items: [
            'herb_caution_pregnancy',
            'herb_caution_lactation',
            'herb_caution_min_age',
            'caution_conditions',
            'caution_drug_classes',
            'allergies',
          ],
        },
      ],
    },
    {
      name: 'uses',
      sections: [
        { title: 'Used for', items: ['conditions', 'diseases', 'symptoms'] },
        { title: 'Affinities', items: ['organs', 'specialisms'] },
        { title: 'Notes', columns: 2, startsClosed: true, items: ['herb_notes'] },
      ],
    },
  ],
  list: {
    columns: ['herb_name', 'herb_latin_name', 'herb_family'],
    search: ['herb_name', 'herb_latin_name', 'herb_other_names'],
    filters: ['herb_family', 'herb_category_id'],
    sortable: ['herb_latin_name', 'herb_family'],
  },
});
