/**
 * The user's own details: `users/update_my_details {field, value}` → the user. Each changed field
 * is checked first with the shared rule the server applies (src/shared/users.ts), so a mistake is
 * named beside its field and the form keeps what was typed. A new e-mail (the sign-in address)
 * needs the current password, which the form asks for only then and sends with that field.
 */
import { useCallback, useState, type FormEvent } from 'react';
import {
  EMAIL_NEEDS_PASSWORD_TEXT,
  EMAIL_TAKEN_TEXT,
  GENDER_OPTIONS,
  normaliseEmail,
  PREFERRED_CONTACT_OPTIONS,
  SELF_EDITABLE_USER_FIELDS,
  SEX_OPTIONS,
  type SelfEditableUserField,
} from '../../../shared/users';
import { call, CallError } from '../../api/client';
import { showToast } from '../../api/toasts';
import { useSession } from '../../session/store';
import type { SessionUser } from '../../session/types';

export interface DetailField {
  name: SelfEditableUserField;
  label: string;
  type: 'text' | 'email' | 'url' | 'tel' | 'date' | 'select';
  options?: readonly string[];
}

export const DETAIL_FIELDS: readonly DetailField[] = [
  { name: 'user_first_name', label: 'First name', type: 'text' },
  { name: 'user_last_name', label: 'Last name', type: 'text' },
  { name: 'user_email', label: 'E-mail', type: 'email' },
  { name: 'user_phone', label: 'Phone', type: 'tel' },
  { name: 'user_mobile', label: 'Mobile', type: 'tel' },
  {
    name: 'user_preferred_contact',
    label: 'Preferred contact',
    type: 'select',
    options: PREFERRED_CONTACT_OPTIONS,
  },
  { name: 'user_dob', label: 'Date of birth', type: 'date' },
  { name: 'user_sex', label: 'Sex', type: 'select', options: SEX_OPTIONS },
  { name: 'user_gender', label: 'Gender', type: 'select', options: GENDER_OPTIONS },
  { name: 'user_reference_number', label: 'Reference number', type: 'text' },
];

/** A field of the user as text (only strings and numbers are shown). */
export const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

/** The value sent for a field: dates may be cleared (null), the rest are trimmed text. */
const valueFor = (field: DetailField, raw: string): string | null =>
  field.type === 'date' && raw.trim() === '' ? null : raw.trim();

/** Problems by field name, checked with the shared rules. */
function checkDetails(
  fields: readonly DetailField[],
  draft: Record<string, string>,
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const field of fields) {
    const parsed = SELF_EDITABLE_USER_FIELDS[field.name]().safeParse(
      valueFor(field, draft[field.name] ?? ''),
    );
    if (!parsed.success) problems[field.name] = parsed.error.issues[0]?.message ?? 'Not valid.';
  }
  return problems;
}

/** The current password's place in `problems` (it is no field of the user). */
export const CURRENT_PASSWORD = 'current_password';

export function useMyDetails() {
  const user = useSession((s) => s.user);
  const setUser = useSession((s) => s.setUser);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [currentPassword, setCurrentPassword] = useState('');
  const emailChanged =
    editing && !!user && normaliseEmail(draft.user_email ?? '') !== normaliseEmail(user.user_email);

  const start = useCallback(() => {
    if (!user) return;
    setDraft(Object.fromEntries(DETAIL_FIELDS.map((f) => [f.name, text(user[f.name])])));
    setProblems({});
    setError(null);
    setCurrentPassword('');
    setEditing(true);
  }, [user]);

  const save = useCallback(
    async (event?: FormEvent) => {
      event?.preventDefault();
      if (!user || saving) return;
      const changed = DETAIL_FIELDS.filter((f) => (draft[f.name] ?? '') !== text(user[f.name]));
      const found = checkDetails(changed, draft);
      if (emailChanged && !currentPassword) found[CURRENT_PASSWORD] = EMAIL_NEEDS_PASSWORD_TEXT;
      setProblems(found);
      if (Object.keys(found).length) {
        const labels = changed.filter((f) => found[f.name]).map((f) => f.label);
        if (found[CURRENT_PASSWORD]) labels.push('Current password');
        setError(`Please correct: ${labels.join(', ')}.`);
        return;
      }
      setSaving(true);
      setError(null);
      let current: SessionUser = user;
      try {
        for (const field of changed) {
          const value = valueFor(field, draft[field.name] ?? '');
          const withPassword = field.name === 'user_email' && emailChanged;
          const envelope = await call<SessionUser>(
            'users/update_my_details',
            {
              field: field.name,
              value,
              ...(withPassword ? { current_password: currentPassword } : {}),
            },
            { silent: true },
          );
          if (!envelope.result) {
            const message = envelope.messages.map((m) => m.text).join(' ');
            // Refused for the password (wrong, or too many tries): said beside the password.
            const where =
              withPassword && message !== EMAIL_TAKEN_TEXT ? CURRENT_PASSWORD : field.name;
            setProblems({ [where]: message || 'Not saved.' });
            setError(`${field.label}: ${message || 'could not be saved.'}`);
            return;
          }
          current = { ...current, ...(envelope.data ?? {}), [field.name]: value };
          setUser(current);
        }
        setEditing(false);
        if (changed.length) showToast({ type: 's', text: 'Your details were saved.' });
      } catch (caught) {
        if (!(caught instanceof CallError)) throw caught;
        setError(caught.message);
      } finally {
        setSaving(false);
      }
    },
    [user, draft, saving, setUser, emailChanged, currentPassword],
  );

  return {
    user,
    editing,
    draft,
    problems,
    setField: (name: string, value: string) => setDraft((d) => ({ ...d, [name]: value })),
    /** True while the e-mail differs from the stored one: the current password is then asked. */
    emailChanged,
    currentPassword,
    setCurrentPassword,
    start,
    cancel: () => {
      setEditing(false);
      setError(null);
    },
    save,
    saving,
    error,
  };
}
