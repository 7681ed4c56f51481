/**
 * A new password typed twice, with the password rules shown live between the two boxes: the one
 * form part of the reset page, my details and an admin setting a user's password.
 */
import { PasswordInput } from '@mantine/core';
import { PasswordRules } from './PasswordRules';
import { MISMATCH_TEXT } from './usePasswordReset';

interface Props {
  /** Names the rules, which describe the first box. */
  id: string;
  password: string;
  repeat: string;
  onPassword: (value: string) => void;
  onRepeat: (value: string) => void;
  mismatch: boolean;
  required?: boolean;
  /** The rules' heading; see PasswordRules. */
  rulesTitle?: string;
  autoFocus?: boolean;
}

export function NewPasswordFields(p: Props) {
  return (
    <>
      <PasswordInput
        label="New password"
        autoComplete="new-password"
        required={p.required}
        value={p.password}
        onChange={(e) => p.onPassword(e.currentTarget.value)}
        aria-describedby={p.id}
        data-autofocus={p.autoFocus || undefined}
      />
      <PasswordRules password={p.password} id={p.id} title={p.rulesTitle} />
      <PasswordInput
        label="Repeat the new password"
        autoComplete="new-password"
        required={p.required}
        value={p.repeat}
        onChange={(e) => p.onRepeat(e.currentTarget.value)}
        error={p.mismatch ? MISMATCH_TEXT : undefined}
      />
    </>
  );
}
