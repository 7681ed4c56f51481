/**
 * Patient records. Every read of one record lands in the audit log. The name is a
 * stored "Last, First" column the database computes, so lists sort and search by it.
 */
import { defineEntity } from './define';
import {
  category,
  date,
  email,
  input,
  readOnly,
  reference,
  select,
  tel,
  textarea,
  toggle,
} from './fields';
import { GENDER_OPTIONS, PREFERRED_CONTACT_OPTIONS, SEX_OPTIONS } from './options';

export const patients = defineEntity({
  entities: 'patients',
  base: 'patient',
  title: 'Patients',
  module: {
    description: 'Patient records: contact details, conditions, symptoms and notes.',
    section: 'Clinic',
    position: 1,
    leftDrawer: true,
  },
  singular: 'patient',
  fields: [
    readOnly('patient_name', 'text', {
      label: 'Name',
      storage: { computed: "btrim(patient_last_name || ', ' || patient_first_name, ', ')" },
    }),
    input('patient_title', { max: 20 }),
    input('patient_first_name', { required: true, max: 100 }),
    input('patient_last_name', { required: true, max: 100 }),
    date('patient_dob', { label: 'Date of birth', birthDate: true }),
    // Kept by the diary (server/diary/next-appointment.ts): the next live appointment's start.
    date('patient_next_appointment', { timed: true, readOnly: true, label: 'Next appointment' }),
    select('patient_sex', SEX_OPTIONS, { buttons: true }),
    select('patient_gender', GENDER_OPTIONS, { buttons: true }),
    input('patient_occupation', { max: 100 }),
    email('patient_email', { label: 'E-mail' }),
    tel('patient_phone', { label: 'Home phone' }),
    tel('patient_mobile'),
    select('patient_preferred_contact', PREFERRED_CONTACT_OPTIONS, { default: 'Email' }),
    input('patient_address_line1', { label: 'Address line 1' }),
    input('patient_address_line2', { label: 'Address line 2' }),
    input('patient_city', { max: 100 }),
    input('patient_county', { max: 100 }),
    input('patient_postcode', { max: 20 }),
    reference('patient_country_id', 'countries'),
    reference('patient_location_id', 'locations'),
    input('patient_reference_number', { max: 50, copy: false }),
    category('patient_category_id', 'patients'),
    textarea('patient_notes', { max: 20_000 }),
    // Read by the formula editor's safety checks (src/shared/prescription-safety.ts).
    toggle('patient_pregnant', { label: 'Pregnant' }),
    // Created by an online booking and not yet looked at by staff: the diary and list flag it.
    toggle('patient_booked_online_unchecked', {
      label: 'Booked online, not yet checked',
      hint: 'Switch off once the record is checked against the patient’s details.',
    }),
    toggle('patient_breastfeeding', { label: 'Breastfeeding' }),
  ],
  relations: [
    {
      name: 'conditions',
      entities: 'conditions',
      table: 'patient_conditions',
      otherKey: 'condition_id',
    },
    { name: 'symptoms', entities: 'symptoms', table: 'patient_symptoms', otherKey: 'symptom_id' },
    {
      name: 'allergies',
      entities: 'allergies',
      table: 'patient_allergies',
      otherKey: 'allergy_id',
    },
    // Medicines by name (MedicationStatement); the checks read each one's drug class.
    {
      name: 'medications',
      entities: 'medicines',
      table: 'patient_medicines',
      otherKey: 'medicine_id',
      label: 'Current medication',
      addByName: 'add_medication_named',
    },
  ],
  // The patient's prescriptions and letters, read here and created from here (their own calls).
  extras: [
    { name: 'patient_prescriptions', type: 'slot', label: 'Prescriptions' },
    { name: 'patient_letters', type: 'slot', label: 'Letters' },
    // Next and past appointments with Book (src/web/features/diary/PatientAppointments.tsx).
    { name: 'patient_appointments', type: 'slot', label: 'Appointments' },
  ],
  tabs: [
    {
      name: 'details',
      sections: [
        {
          title: 'Personal',
          items: [
            'patient_title',
            'patient_first_name',
            'patient_last_name',
            'patient_dob',
            'patient_sex',
            'patient_gender',
            'patient_occupation',
          ],
        },
        {
          title: 'Contact',
          items: ['patient_email', 'patient_phone', 'patient_mobile', 'patient_preferred_contact'],
        },
        {
          title: 'Address',
          items: [
            'patient_address_line1',
            'patient_address_line2',
            'patient_city',
            'patient_county',
            'patient_postcode',
            'patient_country_id',
          ],
        },
        {
          title: 'Filing',
          items: [
            'patient_reference_number',
            'patient_location_id',
            'patient_category_id',
            'patient_booked_online_unchecked',
          ],
        },
      ],
    },
    {
      name: 'clinical',
      sections: [
        { title: 'Appointments', items: ['patient_appointments', 'patient_next_appointment'] },
        { title: 'Allergies', items: ['allergies'] },
        {
          title: 'Pregnancy and medication',
          items: ['patient_pregnant', 'patient_breastfeeding', 'medications'],
        },
        { title: 'Conditions and symptoms', items: ['conditions', 'symptoms'] },
        { title: 'Notes', items: ['patient_notes'] },
      ],
    },
    {
      name: 'history',
      label: 'Prescriptions and letters',
      sections: [
        { title: 'Prescriptions', columns: 2, items: ['patient_prescriptions'] },
        { title: 'Letters', columns: 2, items: ['patient_letters'] },
      ],
    },
  ],
  list: {
    columns: ['patient_name', 'patient_dob', 'patient_postcode', 'patient_reference_number'],
    search: [
      'patient_first_name',
      'patient_last_name',
      'patient_email',
      'patient_postcode',
      'patient_reference_number',
      // Searched as YYYY-MM-DD; a date typed as the clinic writes it (31/01/1941) is read as one.
      'patient_dob',
    ],
    filters: [
      'patient_last_name',
      'patient_dob',
      'patient_sex',
      'patient_city',
      'patient_location_id',
      'patient_country_id',
      'patient_category_id',
    ],
    sortable: ['patient_first_name', 'patient_last_name'],
    // The same person added twice splits their history: warn before a second record.
    duplicateCheck: ['patient_first_name', 'patient_last_name', 'patient_dob'],
  },
  auditReads: true,
  indexes: [['patient_dob'], ['patient_next_appointment']],
});
