/**
 * What a clinic offers to book: a first consultation, a follow-up, a dispensary pick-up. Its
 * duration and buffers shape the diary's free times; the online fields decide what the public
 * booking page offers (src/server/booking/).
 */
import { PRACTITIONERS_ONLY } from './users';
import { defineEntity } from './define';
import { colour, input, money, number, textarea, toggle } from './fields';

const minutes = (label: string, o: { min?: number; max?: number; hint?: string } = {}) => ({
  integer: true,
  min: o.min ?? 0,
  max: o.max ?? 1440,
  label,
  ...(o.hint ? { hint: o.hint } : {}),
});

export const appointment_types = defineEntity({
  entities: 'appointment_types',
  base: 'appointment_type',
  title: 'Appointment types',
  module: {
    description: 'What patients book: duration, buffers, price, who offers it, online booking.',
    section: 'Diary',
    position: 2,
  },
  singular: 'appointment type',
  fields: [
    input('appointment_type_name', { required: true, label: 'Name', max: 100 }),
    number('appointment_type_duration_minutes', {
      ...minutes('Duration (minutes)', { min: 5 }),
      default: 60,
    }),
    number('appointment_type_buffer_before_minutes', minutes('Buffer before (minutes)')),
    number('appointment_type_buffer_after_minutes', minutes('Buffer after (minutes)')),
    money('appointment_type_price', { label: 'Price' }),
    colour('appointment_type_colour', { label: 'Colour' }),
    toggle('appointment_type_online', {
      label: 'Bookable online',
      hint: 'Offered on the public booking page.',
    }),
    number('appointment_type_min_notice_hours', {
      ...minutes('Minimum notice (hours)', { max: 8760 }),
      default: 24,
    }),
    number('appointment_type_horizon_days', {
      ...minutes('Bookable up to (days ahead)', { min: 1, max: 730 }),
      default: 90,
    }),
    number('appointment_type_cancel_notice_hours', {
      ...minutes('Cancellation notice (hours)', { max: 8760 }),
      default: 24,
      hint: 'Inside it a patient can not cancel or move online, and a cancellation is late.',
    }),
    number('appointment_type_reminder_hours', {
      ...minutes('Reminder (hours before)', {
        max: 336,
        hint: 'Empty: the diary setting. 0: no reminder for this type.',
      }),
      nullable: true,
    }),
    textarea('appointment_type_description', { max: 2000 }),
  ],
  relations: [
    // Who offers the type; the booking page offers only these practitioners for it.
    {
      name: 'practitioners',
      label: 'Practitioners',
      entities: 'users',
      table: 'appointment_type_practitioners',
      otherKey: 'user_id',
      pickWhere: PRACTITIONERS_ONLY,
    },
  ],
  tabs: [
    {
      name: 'general',
      sections: [
        {
          title: 'Appointment type',
          items: [
            'appointment_type_name',
            'appointment_type_duration_minutes',
            'appointment_type_buffer_before_minutes',
            'appointment_type_buffer_after_minutes',
            'appointment_type_price',
            'appointment_type_colour',
          ],
        },
        {
          title: 'Online booking',
          items: [
            'appointment_type_online',
            'appointment_type_min_notice_hours',
            'appointment_type_horizon_days',
            'appointment_type_cancel_notice_hours',
            'appointment_type_reminder_hours',
          ],
        },
        { title: 'Who offers it', columns: 2, items: ['practitioners'] },
        { title: 'Description', columns: 2, items: ['appointment_type_description'] },
      ],
    },
  ],
  list: {
    columns: [
      'appointment_type_name',
      'appointment_type_duration_minutes',
      'appointment_type_price',
      'appointment_type_online',
    ],
    search: ['appointment_type_name'],
    filters: ['appointment_type_online'],
  },
  capabilities: { ordering: true },
  openReads: true,
});
