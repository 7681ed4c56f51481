/**
 * The user record: its option lists, maximum lengths and the zod rule of every field a
 * user may change about themselves. The server validates with these rules and the web form shows
 * the same ones, so both sides refuse the same values with the same texts.
 */
import { ISO_DATE_TEXT, isIsoDate } from './iso-date';
import { z } from 'zod';
import { maxLengthText } from './limits';

export const PREFERRED_CONTACT_OPTIONS = [
  'Email',
  'Home_Phone',
  'Mobile',
  'FaceTime',
  'WhatsApp',
  'Skype',
  'Other',
] as const;

export const SEX_OPTIONS = ['Male', 'Female', 'MaleFemale', 'FemaleMale'] as const;

export const GENDER_OPTIONS = ['Male', 'Female', 'Binary'] as const;

/** How each option is shown (MaleFemale is shown as Male>Female). */
const USER_OPTION_LABELS: Readonly<Record<string, string>> = {
  Home_Phone: 'Home phone',
  MaleFemale: 'Male>Female',
  FemaleMale: 'Female>Male',
};
export const optionLabel = (value: string): string => USER_OPTION_LABELS[value] ?? value;

export const USER_MAX_LENGTHS = {
  user_first_name: 100,
  user_last_name: 100,
  user_surname: 100,
  user_email: 254,
  user_avatar: 2048,
  user_reference_number: 100,
  user_phone: 50,
  user_mobile: 50,
} as const;

const EMPTY_TEXT = 'Can not be empty';
const EMAIL_TEXT = 'Must be an e-mail address.';
export const EMAIL_TAKEN_TEXT = 'Another user already has this e-mail address.';
/** A new sign-in e-mail needs the current password (users/update_my_details `current_password`). */
export const EMAIL_NEEDS_PASSWORD_TEXT = 'Enter your current password to change your e-mail.';
export const WRONG_CURRENT_PASSWORD_TEXT = 'The current password is not correct.';
/**
 * What the next login of an account from an address needs: `users/login_status` answers it
 * before the form is sent, and a refused login answers it as its data.
 */
export interface LoginThrottle {
  /** True while a guess without a solved captcha is refused. */
  captcha_required: boolean;
  /** Seconds until a guess without a captcha is checked again (0: now). */
  retry_after: number;
}

/** The admin boundary's refusal, shown wherever a non-admin acts on an admin. */
export const ADMIN_ONLY_TARGET_TEXT =
  'Only administrators may change, disable, delete or set the password of an administrator.';

/**
 * Group 1's refusal: its name, key, privileges and members are the administrators' own, as their
 * accounts are (else a non-admin holding groups/update could rename or empty it).
 */
export const ADMIN_GROUP_ONLY_TEXT = 'Only administrators may change the administrators group.';

/** A string of at most `max` characters, refused with the fixed text of `maxLengthText`. */
export const boundedText = (max: number) => z.string().max(max, maxLengthText(max));

const trimmed = (max: number) => z.string().trim().max(max, maxLengthText(max));
const required = (max: number) => trimmed(max).min(1, EMPTY_TEXT);
/** One of the options; with `allowEmpty`, '' (not set) as well. */
const oneOf = (options: readonly string[], allowEmpty = false) =>
  z
    .string()
    .refine(
      (v) => options.includes(v) || (allowEmpty && v === ''),
      `Must be one of: ${options.map(optionLabel).join(', ')}.`,
    );

/** E-mail addresses are kept in lower case, so that one address is one account. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

const emailSchema = () =>
  required(USER_MAX_LENGTHS.user_email)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, EMAIL_TEXT)
    .transform(normaliseEmail);

/** YYYY-MM-DD of a real day; an empty value clears the date. */
const dateOfBirthSchema = () =>
  z
    .string()
    .nullable()
    .refine((v) => !v || isIsoDate(v), ISO_DATE_TEXT)
    .transform((v) => v || null);

/**
 * Every field a user may change about themselves, with its rule (never password, groups…), built
 * when asked for (the definitions are evaluated at start-up, their rules on first use). The
 * picture (user_avatar) changes only through users/upload_avatar and remove_avatar.
 */
export const SELF_EDITABLE_USER_FIELDS = {
  user_first_name: () => required(USER_MAX_LENGTHS.user_first_name),
  user_last_name: () => trimmed(USER_MAX_LENGTHS.user_last_name),
  user_surname: () => trimmed(USER_MAX_LENGTHS.user_surname),
  user_email: emailSchema,
  user_dob: dateOfBirthSchema,
  user_reference_number: () => trimmed(USER_MAX_LENGTHS.user_reference_number),
  user_phone: () => trimmed(USER_MAX_LENGTHS.user_phone),
  user_mobile: () => trimmed(USER_MAX_LENGTHS.user_mobile),
  user_preferred_contact: () => oneOf(PREFERRED_CONTACT_OPTIONS),
  user_sex: () => oneOf(SEX_OPTIONS, true),
  user_gender: () => oneOf(GENDER_OPTIONS, true),
} as const;
export type SelfEditableUserField = keyof typeof SELF_EDITABLE_USER_FIELDS;

export const isSelfEditableUserField = (field: string): field is SelfEditableUserField =>
  Object.hasOwn(SELF_EDITABLE_USER_FIELDS, field);

/** The user's own fields as every reply carries them (never the password hash). */
export const USER_DETAIL_COLUMNS = [
  'user_id',
  'user_first_name',
  'user_last_name',
  'user_surname',
  'user_email',
  'user_avatar',
  'user_dob',
  'user_reference_number',
  'user_phone',
  'user_mobile',
  'user_preferred_contact',
  'user_sex',
  'user_gender',
] as const;

export interface UserDetails {
  user_id: number;
  user_first_name: string;
  user_last_name: string;
  user_surname: string;
  user_email: string;
  user_avatar: string;
  user_dob: string | null;
  user_reference_number: string;
  user_phone: string;
  user_mobile: string;
  user_preferred_contact: string;
  user_sex: string;
  user_gender: string;
}

export interface UserGroupRef {
  group_id: number;
  group_key: string;
  group_name: string;
}

/** The user object of login, check_authentication and update_my_details. */
export interface SessionUser extends UserDetails {
  groups: UserGroupRef[];
  group_ids: number[];
  domain_ids: number[];
  /** The token secret: only in the login reply, the server never sees it again in clear. */
  hash?: string;
  hash_expire: string;
  logged_in_at: string;
  userlogin_id: number;
}
