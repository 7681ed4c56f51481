/**
 * Exceptions to the weekly hours: a practitioner's day off or break, extra hours, or a clinic
 * holiday (no practitioner: everyone). A range of days; with times only part of each day.
 */
import { AVAILABILITY_EXCEPTION_KIND_OPTIONS } from '../diary/statuses';
import { PRACTITIONERS_ONLY } from './users';
import { defineEntity } from './define';
import { date, input, reference, select, timeOfDay } from './fields';

export const availability_exceptions = defineEntity({
  entities: 'availability_exceptions',
  base: 'availability_exception',
  title: 'Days off and extra hours',
  module: {
    description: 'Days off, clinic holidays, breaks and extra hours.',
    section: 'Diary',
    position: 4,
  },
  singular: 'exception',
  fields: [
    input('availability_exception_name', { label: 'Note', max: 200 }),
    select('availability_exception_kind', AVAILABILITY_EXCEPTION_KIND_OPTIONS, {
      required: true,
      default: 'day_off',
      label: 'Kind',
    }),
    reference('availability_exception_user_id', 'users', {
      pickWhere: PRACTITIONERS_ONLY,
      label: 'Practitioner',
      hint: 'Empty: the whole clinic.',
    }),
    reference('availability_exception_location_id', 'locations', { label: 'Location' }),
    date('availability_exception_from', { required: true, label: 'From day' }),
    date('availability_exception_until', { required: true, label: 'Until day' }),
    timeOfDay('availability_exception_start', {
      label: 'From',
      hint: 'Empty: from the start of each day (both empty: all day).',
    }),
    timeOfDay('availability_exception_end', {
      label: 'Until',
      hint: 'Empty: to the end of each day.',
    }),
  ],
  tabs: [
    {
      name: 'general',
      sections: [
        {
          title: 'Exception',
          items: [
            'availability_exception_kind',
            'availability_exception_user_id',
            'availability_exception_location_id',
            'availability_exception_from',
            'availability_exception_until',
            'availability_exception_start',
            'availability_exception_end',
            'availability_exception_name',
          ],
        },
      ],
    },
  ],
  indexes: [['availability_exception_from']],
  list: {
    columns: [
      'availability_exception_kind',
      'availability_exception_user_id',
      'availability_exception_from',
      'availability_exception_until',
      'availability_exception_name',
    ],
    search: ['availability_exception_name'],
    filters: [
      'availability_exception_kind',
      'availability_exception_user_id',
      'availability_exception_from',
    ],
    defaultSort: '-availability_exception_from',
  },
  capabilities: { ordering: false },
  openReads: true,
});
