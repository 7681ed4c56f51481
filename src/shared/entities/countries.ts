/** Countries (ISO 3166-1), seeded for every company from src/shared/data/countries.json. */
import { defineEntity } from './define';
import { input } from './fields';

const isoCode = (name: string, length: number, label: string) =>
  input(name, { max: length, label, required: name === 'country_code', copy: false });

export const countries = defineEntity({
  entities: 'countries',
  base: 'country',
  title: 'Countries',
  module: {
    description: 'Countries (ISO 3166).',
    section: 'Reference data',
    position: 9,
  },
  singular: 'country',
  keys: { secondary: 'country_code' },
  fields: [
    input('country_name', { required: true, label: 'Name' }),
    isoCode('country_code', 2, 'ISO code'),
    isoCode('country_alpha3', 3, 'ISO alpha-3 code'),
  ],
  tabs: [
    {
      name: 'general',
      sections: [
        { title: 'Country', columns: 2, items: ['country_name', 'country_code', 'country_alpha3'] },
      ],
    },
  ],
  list: {
    columns: ['country_name', 'country_code'],
    search: ['country_name', 'country_code', 'country_alpha3'],
  },
  capabilities: { preferences: false, copy: false },
  openReads: true,
});
