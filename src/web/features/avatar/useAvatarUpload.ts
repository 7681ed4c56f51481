/**
 * Choosing, previewing, saving and removing a user's picture. A chosen file is checked at once
 * with the rule the server applies (src/shared/avatars.ts: its first bytes, 512 KB) and shown as
 * a preview; Save sends it as base64 with users/upload_avatar, Remove calls users/remove_avatar.
 */
import { useCallback, useEffect, useState } from 'react';
import { avatarProblem } from '../../../shared/avatars';
import { call, CallError } from '../../api/client';
import { showToast } from '../../api/toasts';

interface Chosen {
  file: File;
  bytes: Uint8Array;
  preview: string;
}

function base64Of(bytes: Uint8Array): string {
  let binary = '';
  const step = 0x8000; // String.fromCharCode takes a bounded number of arguments
  for (let i = 0; i < bytes.length; i += step) {
    binary += String.fromCharCode(...bytes.subarray(i, i + step));
  }
  return btoa(binary);
}

/** The message of a refused reply, or of a call that did not reach the server. */
async function send(path: string, payload: Record<string, unknown>) {
  try {
    const reply = await call<{ user_avatar: string }>(path, payload, { silent: true });
    const text = reply.messages.map((m) => m.text).join(' ');
    return reply.result
      ? { address: reply.data.user_avatar, text, error: null }
      : { address: null, text, error: text || 'The picture was not changed.' };
  } catch (caught) {
    if (!(caught instanceof CallError)) throw caught;
    return { address: null, text: '', error: caught.message };
  }
}

export function useAvatarUpload(userId: number, onChanged: (address: string) => void) {
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // A preview's object URL is let go when another is chosen or the editor goes away.
  useEffect(
    () => () => {
      if (chosen) URL.revokeObjectURL(chosen.preview);
    },
    [chosen],
  );

  const choose = useCallback(async (file: File | null) => {
    setChosen(null);
    if (!file) return;
    const bytes = new Uint8Array(await file.arrayBuffer());
    const problem = avatarProblem(file.type, bytes);
    setError(problem);
    if (!problem) setChosen({ file, bytes, preview: URL.createObjectURL(file) });
  }, []);

  const finish = useCallback(
    (outcome: Awaited<ReturnType<typeof send>>) => {
      setBusy(false);
      setError(outcome.error);
      if (outcome.address === null) return;
      setChosen(null);
      onChanged(outcome.address);
      if (outcome.text) showToast({ type: 's', text: outcome.text });
    },
    [onChanged],
  );

  const save = useCallback(async () => {
    if (!chosen || busy) return;
    setBusy(true);
    finish(
      await send('users/upload_avatar', {
        user_id: userId,
        content_type: chosen.file.type,
        data: base64Of(chosen.bytes),
      }),
    );
  }, [chosen, busy, userId, finish]);

  const remove = useCallback(async () => {
    if (busy) return;
    setBusy(true);
    finish(await send('users/remove_avatar', { user_id: userId }));
  }, [busy, userId, finish]);

  const cancel = useCallback(() => {
    setChosen(null);
    setError(null);
  }, []);

  return { preview: chosen?.preview ?? null, error, busy, choose, save, remove, cancel };
}
