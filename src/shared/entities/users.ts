/**
 * Staff accounts. The password hash is not a field and so is never read or written
 * here; passwords change through users/set_password and the reset flow. Disabling a user revokes
 * their sessions; group membership (which grants privileges) is changed by admins only.
 */
import {
  isSelfEditableUserField,
  SELF_EDITABLE_USER_FIELDS,
  USER_MAX_LENGTHS as MAX,
} from '../users';
import { defineEntity } from './define';
import {
  colour,
  date,
  email,
  input,
  readOnly,
  select,
  tel,
  textarea,
  toggle,
  type FieldSpec,
} from './fields';
import { GENDER_OPTIONS, PREFERRED_CONTACT_OPTIONS, SEX_OPTIONS } from './options';

/** A field users also edit about themselves keeps the rule of src/shared/users.ts: one rule. */
const own = <S extends FieldSpec>(spec: S): S =>
  isSelfEditableUserField(spec.name)
    ? { ...spec, rule: SELF_EDITABLE_USER_FIELDS[spec.name] }
    : spec;

/** A practitioner picker's condition (`pickWhere`): enabled users marked as practitioners. */
export const PRACTITIONERS_ONLY = { user_practitioner: 1, user_enabled: 1 } as const;

export const users = defineEntity({
  entities: 'users',
  base: 'user',
  title: 'Users',
  module: {
    description: 'Staff accounts, their groups and passwords.',
    section: 'Administration',
    position: 1,
    leftDrawer: true,
    essential: true,
    routes: [{ route: 'set_password', label: 'Set passwords' }],
  },
  singular: 'user',
  fields: [
    readOnly('user_name', 'text', {
      label: 'Name',
      storage: { computed: "btrim(user_first_name || ' ' || user_last_name)" },
    }),
    input('user_first_name', { required: true, max: MAX.user_first_name }),
    input('user_last_name', { max: MAX.user_last_name }),
    input('user_surname', { max: MAX.user_surname }),
    {
      ...email('user_email', {
        required: true,
        label: 'E-mail',
        copy: false,
        storage: { type: 'citext' },
      }),
      maxLength: MAX.user_email,
    },
    // Set by users/upload_avatar and remove_avatar (the `avatar` slot), never typed in.
    readOnly('user_avatar', 'text', { label: 'Picture' }),
    date('user_dob', { label: 'Date of birth', birthDate: true }),
    input('user_reference_number', { max: MAX.user_reference_number, copy: false }),
    tel('user_phone'),
    tel('user_mobile'),
    select('user_preferred_contact', PREFERRED_CONTACT_OPTIONS, { default: 'Email' }),
    select('user_sex', SEX_OPTIONS, { buttons: true }),
    select('user_gender', GENDER_OPTIONS, { buttons: true }),
    textarea('user_notes'),
    // Practitioners have a column in the diary, working hours and online bookings.
    toggle('user_practitioner', {
      label: 'Practitioner',
      hint: 'Sees patients: has a column in the diary and may be booked.',
    }),
    colour('user_colour', { label: 'Diary colour' }),
    toggle('user_enabled', {
      default: 1,
      hint: 'A disabled user can not log in; their sessions end at once.',
    }),
  ].map(own),
  extras: [
    { name: 'avatar', type: 'slot', label: 'Picture' },
    { name: 'password', type: 'slot', label: 'Password' },
  ],
  relations: [
    {
      name: 'groups',
      entities: 'groups',
      table: 'user_groups',
      otherKey: 'group_id',
      adminOnly: true,
    },
  ],
  tabs: [
    {
      name: 'general',
      sections: [
        {
          title: 'Name',
          // user_surname duplicated "Last name" under a second label: kept, no longer shown.
          items: ['avatar', 'user_first_name', 'user_last_name'],
        },
        {
          title: 'Contact',
          items: ['user_email', 'user_phone', 'user_mobile', 'user_preferred_contact'],
        },
        { title: 'Diary', items: ['user_practitioner', 'user_colour'] },
        {
          title: 'Personal',
          items: ['user_dob', 'user_sex', 'user_gender', 'user_reference_number'],
        },
        { title: 'Account', items: ['user_enabled', 'groups', 'password'] },
        { title: 'Notes', columns: 2, startsClosed: true, items: ['user_notes'] },
      ],
    },
  ],
  list: {
    columns: ['user_name', 'user_email', 'user_enabled'],
    // The picture, or the initials, beside each name (web: UserListAvatar).
    rowFields: ['user_avatar', 'user_first_name', 'user_last_name'],
    search: ['user_first_name', 'user_last_name', 'user_email', 'user_reference_number'],
    filters: ['user_enabled', 'user_preferred_contact', 'user_practitioner'],
    sortable: ['user_first_name', 'user_last_name'],
  },
  capabilities: { copy: false },
});
