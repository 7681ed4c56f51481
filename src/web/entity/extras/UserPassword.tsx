/**
 * Password actions of a user (slot `password` of users), for holders of users/set_password: set
 * a password in a dialog showing the password rules live, or mail the user a reset link.
 */
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { grants } from '../../../shared/privileges';
import { NewPasswordFields } from '../../features/password-reset/NewPasswordFields';
import { useEntityState } from '../hooks/entityContext';
import { textOf } from '../model/format';
import type { SlotProps } from './extraViews';
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
      <Modal opened={p.open} onClose={p.close} title={`Set the password of ${email}`} centered>
        <form onSubmit={(e) => void p.save(e)} noValidate>
          <Stack gap="sm">
            {p.error && (
              <Alert color="negative" variant="light" role="alert">
                {p.error}
              </Alert>
            )}
            <NewPasswordFields
              id="user-password-rules"
              rulesTitle="The new password:"
              autoFocus
              password={p.password}
              repeat={p.repeat}
              onPassword={p.setPassword}
              onRepeat={p.setRepeat}
              mismatch={p.mismatch}
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
