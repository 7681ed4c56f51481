import { Alert, Button, Group, Paper, PasswordInput, Stack, Title } from '@mantine/core';
import { PasswordRules } from '../password-reset/PasswordRules';
import { MISMATCH_TEXT } from '../password-reset/usePasswordReset';
import { useChangePassword } from './useChangePassword';

/** Change my password, with the SPEC §5 rules shown live. */
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
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            value={p.newPassword}
            onChange={(e) => p.setNewPassword(e.currentTarget.value)}
            aria-describedby="my-password-rules"
          />
          <PasswordRules password={p.newPassword} id="my-password-rules" />
          <PasswordInput
            label="Repeat the new password"
            autoComplete="new-password"
            value={p.confirm}
            onChange={(e) => p.setConfirm(e.currentTarget.value)}
            error={p.mismatch ? MISMATCH_TEXT : undefined}
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
