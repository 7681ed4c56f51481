import { Alert, Button, Group, Paper, PasswordInput, Stack, Title } from '@mantine/core';
import { NewPasswordFields } from '../password-reset/NewPasswordFields';
import { useChangePassword } from './useChangePassword';

/** Change my password, with the password rules shown live. */
export function PasswordPanel() {
  const p = useChangePassword();
  return (
    <Paper p="lg" withBorder component="section" aria-labelledby="password-title">
      <form onSubmit={(e) => void p.submit(e)} noValidate>
        <Stack gap="sm" maw={420}>
          <Title order={2} size="h3" id="password-title">
            Change my password
          </Title>
          {p.outcome && (
            <Alert
              color={p.outcome.ok ? 'positive' : 'negative'}
              variant="light"
              role={p.outcome.ok ? 'status' : 'alert'}
            >
              {p.outcome.text}
            </Alert>
          )}
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            value={p.oldPassword}
            onChange={(e) => p.setOldPassword(e.currentTarget.value)}
          />
          <NewPasswordFields
            id="my-password-rules"
            password={p.newPassword}
            repeat={p.confirm}
            onPassword={p.setNewPassword}
            onRepeat={p.setConfirm}
            mismatch={p.mismatch}
          />
          <Group>
            <Button type="submit" loading={p.pending}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
