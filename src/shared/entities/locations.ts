/** Clinic locations (sites and rooms) where patients are seen; ordered by hand. */
import { defineEntity } from './define';
import { LOCATION_KIND_OPTIONS } from '../diary/statuses';
import { email, input, reference, select, tel, textarea } from './fields';

export const locations = defineEntity({
  entities: 'locations',
  base: 'location',
  title: 'Locations',
  module: {
    description: 'Clinic locations and rooms.',
    section: 'Reference data',
    position: 8,
  },
  singular: 'location',
  fields: [
    input('location_name', { required: true, label: 'Name' }),
    // A room holds one appointment at a time (the diary refuses a second); a site holds many.
    select('location_kind', LOCATION_KIND_OPTIONS, {
      required: true,
      default: 'site',
      label: 'Kind',
    }),
    reference('location_site_id', 'locations', { label: 'Site', hint: 'The site a room is in.' }),
    input('location_address_line1', { label: 'Address line 1' }),
    input('location_address_line2', { label: 'Address line 2' }),
    input('location_city', { max: 100 }),
    input('location_postcode', { max: 20 }),
    reference('location_country_id', 'countries'),
    tel('location_phone'),
    email('location_email', { label: 'E-mail' }),
    textarea('location_notes'),
  ],
  tabs: [
    {
      name: 'general',
      sections: [
        {
          title: 'Location',
          items: [
            'location_name',
            'location_kind',
            'location_site_id',
            'location_phone',
            'location_email',
          ],
        },
        {
          title: 'Address',
          items: [
            'location_address_line1',
            'location_address_line2',
            'location_city',
            'location_postcode',
            'location_country_id',
          ],
        },
        { title: 'Notes', columns: 2, items: ['location_notes'] },
      ],
    },
  ],
  list: {
    columns: ['location_name', 'location_city'],
    search: ['location_name', 'location_city', 'location_postcode'],
    filters: ['location_city', 'location_country_id'],
  },
  capabilities: { ordering: true, preferences: false },
  openReads: true,
});
