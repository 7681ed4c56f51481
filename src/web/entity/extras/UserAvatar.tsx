/**
 * The picture of a user (slot `avatar` of users): the shared avatar editor; a change is stored in
 * the screen's row (list and editor) and, for one's own record, in the session (account menu).
 */
import { useCallback } from 'react';
import { AvatarEditor } from '../../features/avatar/AvatarEditor';
import { useSetOwnAvatar } from '../../features/avatar/useSetOwnAvatar';
import { fullName, initialsOf } from '../../session/types';
import { useEntityScope } from '../hooks/entityContext';
import { textOf } from '../model/format';
import type { SlotProps } from './extraViews';

export function UserAvatar({ definition, rowId, row, disabled }: SlotProps) {
  const { store } = useEntityScope();
  const setOwn = useSetOwnAvatar();
  const person = {
    user_first_name: textOf(row.user_first_name),
    user_last_name: textOf(row.user_last_name),
    user_email: textOf(row.user_email),
  };
  const changed = useCallback(
    (address: string) => {
      store.getState().storeRow({ [definition.keys.id]: rowId, user_avatar: address });
      setOwn(Number(rowId), address);
    },
    [store, definition, rowId, setOwn],
  );
  return (
    <AvatarEditor
      userId={Number(rowId)}
      address={textOf(row.user_avatar)}
      initials={initialsOf(person)}
      name={fullName(person) || person.user_email}
      disabled={disabled}
      onChanged={changed}
    />
  );
}
