/** Keeps the signed-in user's picture (account menu, my details) in step after a change. */
import { useCallback } from 'react';
import { useSession } from '../../session/store';

export function useSetOwnAvatar() {
  return useCallback((userId: number, address: string) => {
    const { user, setUser } = useSession.getState();
    if (user?.user_id === userId) setUser({ ...user, user_avatar: address });
  }, []);
}
