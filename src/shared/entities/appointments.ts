/**
 * Appointments: who is seen, by whom, where and when. The diary (src/web/features/diary/) is their
 * screen; writes go through src/server/diary/, whose checks name a clash, and the database refuses
 * two live appointments of one practitioner or one room that overlap (exclusion constraints,
 * whatever the number of servers). Recurring appointments share a series and its RFC 5545 RRULE.
 */
import { DIARY_SETTINGS_TABS } from '../diary/settings';
import { APPOINTMENT_SOURCE_OPTIONS, APPOINTMENT_STATUS_OPTIONS } from '../diary/statuses';
import { PRACTITIONERS_ONLY } from './users';
import { defineEntity } from './define';
import { input, instant, readOnly, reference, select, textarea } from './fields';

export const appointments = defineEntity({
  entities: 'appointments',
  base: 'appointment',
  title: 'Appointments',
  module: {
    label: 'Diary',
    description: 'Appointments, working hours, online booking, reminders and the waitlist.',
    section: 'Diary',
    position: 1,
    leftDrawer: true,
    tabs: DIARY_SETTINGS_TABS,
  },
  singular: 'appointment',
  fields: [
    // Written by the server from the type and the start (src/server/diary/), never typed in.
    readOnly('appointment_name', 'text', { label: 'Appointment' }),
    reference('appointment_patient_id', 'patients', { required: true, label: 'Patient' }),
    reference('appointment_practitioner_id', 'users', {
      required: true,
      label: 'Practitioner',
      pickWhere: PRACTITIONERS_ONLY,
    }),
    reference('appointment_type_id', 'appointment_types', { label: 'Type' }),
    reference('appointment_location_id', 'locations', { label: 'Location' }),
    // A room holds one live appointment at a time; a site (the location above) does not.
    reference('appointment_room_id', 'locations', { label: 'Room' }),
    instant('appointment_start', { required: true, label: 'Start' }),
    instant('appointment_end', { required: true, label: 'End' }),
    select('appointment_status', APPOINTMENT_STATUS_OPTIONS, {
      required: true,
      default: 'booked',
      label: 'Status',
    }),
    input('appointment_cancel_reason', { label: 'Why cancelled', max: 500 }),
    reference('appointment_cancelled_by', 'users', { readOnly: true, label: 'Cancelled by' }),
    instant('appointment_cancelled_at', { readOnly: true, label: 'Cancelled at' }),
    // Booked outside the practitioner's hours or inside a break: why staff chose to.
    input('appointment_override_reason', { label: 'Booked outside hours because', max: 500 }),
    textarea('appointment_notes', { max: 5000 }),
    select('appointment_source', APPOINTMENT_SOURCE_OPTIONS, {
      required: true,
      default: 'staff',
      readOnly: true,
      label: 'Booked by',
    }),
    reference('appointment_rescheduled_from_id', 'appointments', {
      readOnly: true,
      label: 'Moved from',
    }),
    // The series' first appointment; its RRULE (RFC 5545) is the series' rule.
    reference('appointment_series_id', 'appointments', { readOnly: true, label: 'Series' }),
    readOnly('appointment_recurrence', 'text', { label: 'Repeats' }),
  ],
  // The message log (src/server/messages/): confirmations, reminders, notices and their fate.
  extras: [{ name: 'appointment_messages', type: 'slot', label: 'Messages', route: 'list' }],
  tabs: [
    {
      name: 'general',
      sections: [
        {
          title: 'Appointment',
          items: [
            'appointment_patient_id',
            'appointment_practitioner_id',
            'appointment_type_id',
            'appointment_start',
            'appointment_end',
            'appointment_location_id',
            'appointment_room_id',
            'appointment_status',
          ],
        },
        {
          title: 'Notes',
          columns: 2,
          items: ['appointment_notes', 'appointment_override_reason', 'appointment_cancel_reason'],
        },
        {
          title: 'History',
          items: [
            'appointment_source',
            'appointment_cancelled_by',
            'appointment_cancelled_at',
            'appointment_rescheduled_from_id',
            'appointment_series_id',
            'appointment_recurrence',
          ],
        },
        { title: 'Messages to the patient', items: ['appointment_messages'] },
      ],
    },
  ],
  // The diary reads a practitioner's or a room's range; a patient's screen reads theirs.
  indexes: [
    ['appointment_practitioner_id', 'appointment_start'],
    ['appointment_patient_id', 'appointment_start'],
    ['appointment_start'],
    // Deleting an appointment clears these references to it: without an index, a scan each.
    ['appointment_rescheduled_from_id'],
    ['appointment_series_id'],
  ],
  list: {
    columns: [
      'appointment_start',
      'appointment_patient_id',
      'appointment_practitioner_id',
      'appointment_type_id',
      'appointment_status',
    ],
    search: ['appointment_name'],
    filters: [
      'appointment_start',
      'appointment_practitioner_id',
      'appointment_patient_id',
      'appointment_type_id',
      'appointment_location_id',
      'appointment_status',
    ],
    defaultSort: '-appointment_start',
  },
  capabilities: { ordering: false, copy: false },
});
