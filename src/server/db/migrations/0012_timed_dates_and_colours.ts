/**
 * A timed date and a colour field: a patient's next appointment (a date and a time,
 * "HH:mm when time is used") and a category's colour, which marks what is filed under it.
 */
import type { Migration } from '../migrate';

export const timedDatesAndColours: Migration = {
  name: '0012_timed_dates_and_colours',
  sql: `
alter table patients add column patient_next_appointment timestamp(0);
create index on patients (company_id, patient_next_appointment)
  where patient_next_appointment is not null;
alter table categories add column category_colour text not null default ''
  check (category_colour = '' or category_colour ~ '^#[0-9a-f]{6}$');
`,
};
