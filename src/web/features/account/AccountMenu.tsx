/** The account dropdown of the top bar. */
import { Avatar, Group, Menu, SegmentedControl, Stack, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { useSession } from '../../session/store';
import { fullName, initialsOf } from '../../session/types';
import classes from './AccountMenu.module.css';
import { COLOR_SCHEME_CHOICES, isColorScheme } from '../../theme/colorScheme';
import { useColorSchemeChoice } from './useColorSchemeChoice';
import { useLogout } from './useLogout';

export function AccountMenu({ compact }: { compact: boolean }) {
  const user = useSession((s) => s.user);
  const logout = useLogout();
  const scheme = useColorSchemeChoice();
  if (!user) return null;
  const avatar = typeof user.user_avatar === 'string' && user.user_avatar ? user.user_avatar : null;
  const initials = initialsOf(user);
  return (
    <Menu position="bottom-end" width={260} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label="Account" className={classes.target}>
          <Group gap={8} wrap="nowrap">
            <Avatar src={avatar} size={30} radius="xl" color="ink" variant="white" alt="">
              {initials}
            </Avatar>
            {!compact && (
              <Text size="sm" fw={600} className={classes.firstName}>
                {user.user_first_name}
              </Text>
            )}
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Group gap="sm" p="sm" wrap="nowrap">
          <Avatar src={avatar} size={44} radius="xl" color="primary" alt="">
            {initials}
          </Avatar>
          <Stack gap={0} className={classes.identity}>
            <Text fw={600} truncate>
              {fullName(user)}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {user.user_email}
            </Text>
          </Stack>
        </Group>
        <Menu.Item component={Link} to="/app/my_details">
          see more ...
        </Menu.Item>
        <Menu.Divider />
        <Menu.Label id="account-color-scheme">Colour scheme</Menu.Label>
        <SegmentedControl
          mx="sm"
          mb="xs"
          size="xs"
          fullWidth
          aria-labelledby="account-color-scheme"
          data={[...COLOR_SCHEME_CHOICES]}
          value={scheme.colorScheme}
          onChange={(value) => isColorScheme(value) && scheme.choose(value)}
        />
        <Menu.Divider />
        <Menu.Item color="negative" onClick={() => void logout()}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
