/**
 * Patients waiting for an earlier or a particular time: a type, a practitioner or anyone, the
 * days and the hours that suit. When a matching time frees, the first on the list are offered it
 * (src/server/waitlist/); the first to accept books it.
 */
import { WAITLIST_STATUS_OPTIONS } from '../diary/statuses';
import { PRACTITIONERS_ONLY } from './users';
import { defineEntity } from './define';
import { date, readOnly, reference, select, textarea, timeOfDay } from './fields';

export const waitlist_entries = defineEntity({
  entities: 'waitlist_entries',
  base: 'waitlist_entry',
  title: 'Waitlist',
  module: {
    description: 'Patients waiting for a time to free up.',
    section: 'Diary',
    position: 5,
  },
  singular: 'waitlist entry',
  fields: [
    readOnly('waitlist_entry_name', 'text', { label: 'Entry' }),
    reference('waitlist_entry_patient_id', 'patients', { required: true, label: 'Patient' }),
    reference('waitlist_entry_appointment_type_id', 'appointment_types', {
      required: true,
      label: 'Type',
    }),
    reference('waitlist_entry_practitioner_id', 'users', {
      pickWhere: PRACTITIONERS_ONLY,
      label: 'Practitioner',
      hint: 'Empty: anyone who offers the type.',
    }),
    date('waitlist_entry_from', { label: 'From day' }),
    date('waitlist_entry_until', { label: 'Until day' }),
    timeOfDay('waitlist_entry_earliest', { label: 'Not before' }),
    timeOfDay('waitlist_entry_latest', { label: 'Not after' }),
    select('waitlist_entry_status', WAITLIST_STATUS_OPTIONS, {
      required: true,
      default: 'waiting',
      readOnly: true,
      label: 'Status',
    }),
    textarea('waitlist_entry_notes', { max: 2000 }),
  ],
  tabs: [
    {
      name: 'general',
      sections: [
        {
          title: 'Waiting for',
          items: [
            'waitlist_entry_patient_id',
            'waitlist_entry_appointment_type_id',
            'waitlist_entry_practitioner_id',
            'waitlist_entry_from',
            'waitlist_entry_until',
            'waitlist_entry_earliest',
            'waitlist_entry_latest',
            'waitlist_entry_status',
          ],
        },
        { title: 'Notes', columns: 2, items: ['waitlist_entry_notes'] },
      ],
    },
  ],
  indexes: [['waitlist_entry_status', 'waitlist_entry_appointment_type_id']],
  list: {
    columns: [
      'waitlist_entry_patient_id',
      'waitlist_entry_appointment_type_id',
      'waitlist_entry_practitioner_id',
      'waitlist_entry_status',
    ],
    search: ['waitlist_entry_name'],
    filters: [
      'waitlist_entry_status',
      'waitlist_entry_appointment_type_id',
      'waitlist_entry_practitioner_id',
    ],
  },
  capabilities: { ordering: false },
});
