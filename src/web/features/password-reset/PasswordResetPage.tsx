/** `/password-reset`: request a link, or with `?token=` choose a new password. */
import '../../theme/allStyles';
import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { withCompany } from '../../app/paths';
import { Captcha } from '../login/Captcha';
import { SignInEmailInput } from '../login/SignInEmailInput';
import { NewPasswordFields } from './NewPasswordFields';
import { useRequestReset, useSetNewPassword } from './usePasswordReset';

function SignInLink({
  company,
  label = 'Back to sign in',
}: {
  company: string | null;
  label?: string;
}) {
  return (
    <Anchor component={Link} to={withCompany('/', company)} ta="center" size="sm">
      {label}
    </Anchor>
  );
}

/** What the server answered: a status when it worked, an alert when it did not. */
function OutcomeAlert({
  outcome,
  children,
}: {
  outcome: { kind: 'success' | 'error'; text: string };
  children?: ReactNode;
}) {
  const success = outcome.kind === 'success';
  return (
    <Alert
      color={success ? 'positive' : 'negative'}
      variant="light"
      role={success ? 'status' : 'alert'}
      data-testid="reset-outcome"
    >
      {outcome.text}
      {children}
    </Alert>
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
        {form.outcome && <OutcomeAlert outcome={form.outcome} />}
        <SignInEmailInput value={form.email} onChange={form.setEmail} />
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
          <OutcomeAlert outcome={form.outcome}>
            {!done && (
              <>
                {' '}
                <Anchor component={Link} to={withCompany('/password-reset', company)}>
                  Ask for a new link
                </Anchor>
              </>
            )}
          </OutcomeAlert>
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
