/**
 * Password actions of a user (slot `password` of users), for holders of users/set_password: set
 * a password in a dialog showing the SPEC §5 rules live, or mail the user a reset link.
 */
import { Alert, Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { grants } from '../../../shared/privileges';
import { PasswordRules } from '../../features/password-reset/PasswordRules';
import { MISMATCH_TEXT } from '../../features/password-reset/usePasswordReset';
import { useEntityState } from '../hooks/entityContext';
import { textOf } from '../model/format';
import type { SlotProps } from './registry';
import { useUserPassword } from './useUserPassword';

export function UserPassword({ rowId, row }: SlotProps) {
  const email = textOf(row.user_email);
  const p = useUserPassword(Number(rowId), email);
  const allowed = useEntityState(
    (s) => s.viewer.admin || grants(s.viewer.privileges, 'users/set_password'),
  );
  if (!allowed) return null;
  return (
    <>
      <Group gap="xs" mt="md" data-slot="password">
        <Button variant="light" onClick={p.start}>
          Set password
        </Button>
        <Button variant="default" onClick={() => void p.sendReset()} loading={p.busy && !p.open}>
          Send reset link
        </Button>
      </Group>
      <Modal
        opened={p.open}
        onClose={p.close}
        title={`Set the password of ${email}`}
        closeButtonProps={{ 'aria-label': 'Close' }}
        centered
      >
        <form onSubmit={(e) => void p.save(e)} noValidate>
          <Stack gap="sm">
            {p.error && (
              <Alert color="negative" variant="light" role="alert">
                {p.error}
              </Alert>
            )}
            <PasswordInput
              label="New password"
              autoComplete="new-password"
              value={p.password}
              onChange={(e) => p.setPassword(e.currentTarget.value)}
              aria-describedby="user-password-rules"
              data-autofocus
            />
            <PasswordRules
              password={p.password}
              id="user-password-rules"
              title="The new password:"
            />
            <PasswordInput
              label="Repeat the new password"
              autoComplete="new-password"
              value={p.repeat}
              onChange={(e) => p.setRepeat(e.currentTarget.value)}
              error={p.mismatch ? MISMATCH_TEXT : undefined}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={p.close}>
                Cancel
              </Button>
              <Button type="submit" loading={p.busy}>
                Save password
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
