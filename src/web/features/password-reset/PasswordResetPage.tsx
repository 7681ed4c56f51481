/** `/password-reset`: request a link, or with `?token=` choose a new password (SPEC §2.1). */
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { Captcha } from '../login/Captcha';
import { PasswordRules } from './PasswordRules';
import { MISMATCH_TEXT, useRequestReset, useSetNewPassword } from './usePasswordReset';

function SignInLink({
  company,
  label = 'Back to sign in',
}: {
  company: string | null;
  label?: string;
}) {
  const to = company ? `/?${new URLSearchParams({ company }).toString()}` : '/';
  return (
    <Anchor component={Link} to={to} ta="center" size="sm">
      {label}
    </Anchor>
  );
}

function RequestForm({ company }: { company: string | null }) {
  const form = useRequestReset();
  return (
    <form onSubmit={(e) => void form.submit(e)} noValidate aria-labelledby="reset-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="reset-title">
          Forgot password?
        </Title>
        <Text size="sm">
          Enter the e-mail address you sign in with. We will send you a link to choose a new
          password.
        </Text>
        {form.outcome && (
          <Alert
            color={form.outcome.kind === 'success' ? 'positive' : 'negative'}
            variant="light"
            role={form.outcome.kind === 'success' ? 'status' : 'alert'}
            data-testid="reset-outcome"
          >
            {form.outcome.text}
          </Alert>
        )}
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="username"
          required
          value={form.email}
          onChange={(e) => form.setEmail(e.currentTarget.value)}
        />
        <Captcha onChange={form.setCaptcha} resetKey={form.captchaKey} />
        <Button type="submit" loading={form.pending} fullWidth>
          Send the link
        </Button>
        <SignInLink company={company} />
      </Stack>
    </form>
  );
}

function NewPasswordForm({ token, company }: { token: string; company: string | null }) {
  const form = useSetNewPassword(token);
  const done = form.outcome?.kind === 'success';
  return (
    <form onSubmit={(e) => void form.submit(e)} noValidate aria-labelledby="new-password-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="new-password-title">
          Choose a new password
        </Title>
        {form.outcome && (
          <Alert
            color={done ? 'positive' : 'negative'}
            variant="light"
            role={done ? 'status' : 'alert'}
            data-testid="reset-outcome"
          >
            {form.outcome.text}
            {!done && (
              <>
                {' '}
                <Anchor
                  component={Link}
                  to={
                    company
                      ? `/password-reset?company=${encodeURIComponent(company)}`
                      : '/password-reset'
                  }
                >
                  Ask for a new link
                </Anchor>
              </>
            )}
          </Alert>
        )}
        {done ? (
          <SignInLink company={company} label="Sign in" />
        ) : (
          <>
            <PasswordInput
              label="New password"
              autoComplete="new-password"
              required
              value={form.password}
              onChange={(e) => form.setPassword(e.currentTarget.value)}
              aria-describedby="new-password-rules"
            />
            <PasswordRules password={form.password} id="new-password-rules" />
            <PasswordInput
              label="Repeat the new password"
              autoComplete="new-password"
              required
              value={form.confirm}
              onChange={(e) => form.setConfirm(e.currentTarget.value)}
              error={form.mismatch ? MISMATCH_TEXT : undefined}
            />
            <Button type="submit" loading={form.pending} fullWidth>
              Set the new password
            </Button>
            <SignInLink company={company} />
          </>
        )}
      </Stack>
    </form>
  );
}

export function PasswordResetPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const company = params.get('company');
  return token ? (
    <NewPasswordForm token={token} company={company} />
  ) : (
    <RequestForm company={company} />
  );
}
