/**
 * A practitioner's weekly working hours at a location, in the clinic's wall time: "Tuesdays
 * 09:00–17:00 at Harley Street, every week from 2026-01-05". Turned into instants in the clinic's
 * time zone day by day (src/server/availability/), so 09:00 stays 09:00 across a DST change.
 */
import { WEEKDAY_OPTIONS } from '../diary/statuses';
import { PRACTITIONERS_ONLY } from './users';
import { defineEntity } from './define';
import { date, input, number, reference, select, timeOfDay } from './fields';

export const working_hours = defineEntity({
  entities: 'working_hours',
  base: 'working_hour',
  title: 'Working hours',
  module: {
    description: 'Each practitioner’s weekly hours at each location.',
    section: 'Diary',
    position: 3,
  },
  singular: 'working hours',
  fields: [
    // A short label the server writes ("Tue 09:00–17:00"), so references and searches read well.
    input('working_hour_name', { label: 'Label', max: 100 }),
    reference('working_hour_user_id', 'users', {
      required: true,
      label: 'Practitioner',
      pickWhere: PRACTITIONERS_ONLY,
    }),
    reference('working_hour_location_id', 'locations', { label: 'Location' }),
    select('working_hour_weekday', WEEKDAY_OPTIONS, { required: true, label: 'Day' }),
    timeOfDay('working_hour_start', { required: true, label: 'From' }),
    timeOfDay('working_hour_end', { required: true, label: 'Until' }),
    number('working_hour_every_weeks', {
      integer: true,
      min: 1,
      max: 8,
      default: 1,
      label: 'Every (weeks)',
      hint: '2: every other week, counted from the first day it applies.',
    }),
    date('working_hour_valid_from', { label: 'Applies from' }),
    date('working_hour_valid_until', { label: 'Applies until' }),
  ],
  tabs: [
    {
      name: 'general',
      sections: [
        {
          title: 'Working hours',
          items: [
            'working_hour_user_id',
            'working_hour_location_id',
            'working_hour_weekday',
            'working_hour_start',
            'working_hour_end',
            'working_hour_every_weeks',
            'working_hour_valid_from',
            'working_hour_valid_until',
            'working_hour_name',
          ],
        },
      ],
    },
  ],
  indexes: [['working_hour_user_id', 'working_hour_weekday']],
  list: {
    columns: [
      'working_hour_user_id',
      'working_hour_weekday',
      'working_hour_start',
      'working_hour_end',
      'working_hour_location_id',
    ],
    search: ['working_hour_name'],
    filters: ['working_hour_user_id', 'working_hour_location_id', 'working_hour_weekday'],
  },
  capabilities: { ordering: false },
  openReads: true,
});
