/** `/password-reset`: request a link, or with `?token=` choose a new password. */
import '../../theme/allStyles';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { Captcha } from '../login/Captcha';
import { NewPasswordFields } from './NewPasswordFields';
import { useRequestReset, useSetNewPassword } from './usePasswordReset';

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
            <NewPasswordFields
              id="new-password-rules"
              required
              password={form.password}
              repeat={form.confirm}
              onPassword={form.setPassword}
              onRepeat={form.setConfirm}
              mismatch={form.mismatch}
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
