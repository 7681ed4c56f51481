/**
 * Users had "Last name" and "Surname", one value under two labels; the screens now show only
 * Last name (issue 15, item 8). A surname given where the last name was left empty would no longer
 * be seen, so it moves into the last name. The column stays, unused, so nothing is lost.
 */
import type { Migration } from '../migrate';

export const userSurname0029: Migration = {
  name: '0029_user_surname',
  sql: `
update users set user_last_name = user_surname
  where btrim(user_last_name) = '' and btrim(user_surname) <> '';
`,
};
