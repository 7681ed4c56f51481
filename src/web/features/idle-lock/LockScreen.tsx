/** The lock screen: who is signed in, their password to go on, or sign out. */
import { Button, Center, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useLogout } from '../account/useLogout';
import { useSession } from '../../session/store';
import { fullName } from '../../session/types';
import { useUnlock } from './useUnlock';

export function LockScreen() {
  const user = useSession((s) => s.user);
  const unlock = useUnlock();
  const logout = useLogout();
  return (
    <Center component="main" mih="100vh" p="md" data-locked>
      <Paper withBorder shadow="md" p="lg" w="100%" maw={380}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void unlock.submit();
          }}
        >
          <Stack>
            <Title order={1} size="h3">
              Screen locked
            </Title>
            <Text size="sm">
              {user ? `${fullName(user)}, e` : 'E'}nter your password to go on where you left off.
            </Text>
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              autoFocus
              value={unlock.password}
              onChange={(e) => unlock.setPassword(e.currentTarget.value)}
              error={unlock.error && <span role="alert">{unlock.error}</span>}
            />
            <Group justify="space-between">
              <Button variant="default" onClick={() => void logout()}>
                Sign out
              </Button>
              <Button type="submit" loading={unlock.busy}>
                Unlock
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
