/** The login form of the landing page (`/`). */
import { Alert, Anchor, Button, PasswordInput, Stack, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { safeRedirect, withCompany } from '../../app/paths';
import { useSession } from '../../session/store';
import { SignInEmailInput } from './SignInEmailInput';
import { useLogin } from './useLogin';

const Captcha = lazy(async () => ({ default: (await import('./Captcha')).Captcha }));

export function LoginPage() {
  const loggedIn = useSession((s) => s.user !== null);
  const [params] = useSearchParams();
  const location = useLocation();
  const form = useLogin();
  if (loggedIn) return <Navigate to={safeRedirect(params.get('redirect'))} replace />;
  const resetLink = withCompany('/password-reset', params.get('company'));

  return (
    <form onSubmit={(event) => void form.submit(event)} noValidate aria-labelledby="login-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="login-title">
          Sign in
        </Title>
        {form.error && (
          <Alert color="negative" variant="light" role="alert" data-testid="login-error">
            {form.error}
          </Alert>
        )}
        <SignInEmailInput value={form.email} onChange={form.setEmail} autoFocus={!location.state} />
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          value={form.password}
          onChange={(event) => form.setPassword(event.currentTarget.value)}
        />
        {form.captchaRequired && (
          <Suspense fallback={null}>
            <Captcha onChange={form.setCaptcha} resetKey={form.captchaKey} />
          </Suspense>
        )}
        <Button type="submit" loading={form.pending} fullWidth>
          Sign in
        </Button>
        <Anchor component={Link} to={resetLink} ta="center" size="sm">
          Forgot password?
        </Anchor>
      </Stack>
    </form>
  );
}
