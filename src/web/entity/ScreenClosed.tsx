/**
 * What a screen says instead of an empty list when it can show nothing: the user may not see
 * it, or its module is switched off — and what to do (an admin gets the way to switch it on).
 */
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { EntityDefinition } from '../../shared/entities';
import type { ScreenAccess } from './model/access';
import { rowUri } from './model/routes';

interface Props {
  definition: EntityDefinition;
  access: Exclude<ScreenAccess, { kind: 'open' }>;
}

export function ScreenClosed({ definition, access }: Props) {
  return (
    <Stack align="center" py="xl" px="md" gap="sm" data-screen-closed={access.kind}>
      <Title order={1} size="h3">
        {definition.title}
      </Title>
      <Text ta="center">{access.text}</Text>
      {access.kind === 'no_privilege' && (
        <Text c="dimmed" ta="center">
          An administrator can grant it to one of your groups.
        </Text>
      )}
      {access.kind === 'module_off' &&
        (access.moduleId === null ? (
          <Text c="dimmed" ta="center">
            An administrator can switch it on.
          </Text>
        ) : (
          <Anchor component={Link} to={rowUri('modules', access.moduleId)}>
            Switch it on in the Modules screen
          </Anchor>
        ))}
    </Stack>
  );
}
