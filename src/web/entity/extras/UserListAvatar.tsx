/** A user's picture, or their initials, before their name in the users list. */
import { Avatar } from '@mantine/core';
import { initialsOf } from '../../session/types';
import { textOf } from '../model/format';
import type { Row } from '../model/types';

export function UserListAvatar({ row }: { row: Row }) {
  const address = textOf(row.user_avatar);
  const person = {
    user_first_name: textOf(row.user_first_name),
    user_last_name: textOf(row.user_last_name),
    user_email: textOf(row.user_email),
  };
  // Decorative: the row is named by the user's name already.
  return (
    <Avatar src={address || null} size={32} radius="xl" color="primary" alt="" aria-hidden>
      {initialsOf(person)}
    </Avatar>
  );
}
