/** The e-mail address a user signs in with: the login form and the reset request ask for it alike. */
import { TextInput } from '@mantine/core';

interface Props {
  value: string;
  onChange: (value: string) => void;
  autoFocus?: boolean;
}

export function SignInEmailInput({ value, onChange, autoFocus }: Props) {
  return (
    <TextInput
      label="E-mail"
      type="email"
      name="email"
      autoComplete="username"
      required
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      autoFocus={autoFocus}
    />
  );
}
