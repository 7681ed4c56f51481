/**
 * A letter's PDF and e-mail actions: the download of patientletters/get_pdf (saved as the file
 * the server names), the sending by patientletters/send after a confirmation naming the address
 * — both first name the merge fields that would print nothing and ask (./mergeFieldCheck.ts),
 * and the history from patientletters/get_sendings. Sending is blocked, with the reason, when the
 * patient has no e-mail address or the user may not change letters (the server refuses the same).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { NO_EMAIL_TEXT, type LetterMailing } from '../../../shared/entities/patientletters';
import { grants } from '../../../shared/privileges';
import { call, callData } from '../../api/client';
import { showToast } from '../../api/toasts';
import { confirm } from '../../features/confirm/confirm';
import { downloadExport } from '../../features/export/download';
import { useEntityState } from '../hooks/entityContext';
import { confirmEmptyFields } from './mergeFieldCheck';
import type { DisabledReason } from '../model/permissions';

const MAY_NOT_SEND_TEXT = 'Sending a letter needs the right to change letters.';

export function useLetterMailing(letterId: number) {
  const queries = useQueryClient();
  const key = ['patientletters', 'get_sendings', letterId];
  const mailing = useQuery({
    queryKey: key,
    queryFn: () =>
      callData<LetterMailing>('patientletters/get_sendings', { patientletter_id: letterId }),
    retry: false,
    staleTime: 0,
  });
  const maySend = useEntityState(
    (s) => s.viewer.admin || grants(s.viewer.privileges, 'patientletters/update'),
  );
  const [busy, setBusy] = useState<'download' | 'send' | null>(null);
  const email = mailing.data?.email ?? '';

  let sendBlocked: DisabledReason = null;
  if (!mailing.data) sendBlocked = '';
  else if (!maySend) sendBlocked = MAY_NOT_SEND_TEXT;
  else if (!email) sendBlocked = NO_EMAIL_TEXT;

  const download = async () => {
    if (!(await confirmEmptyFields(letterId, 'Download the PDF anyway?')).go) return;
    setBusy('download');
    const problem = await downloadExport(
      'patientletters/get_pdf',
      { patientletter_id: letterId },
      () => undefined,
      new AbortController().signal,
    );
    setBusy(null);
    if (problem) showToast({ type: 'e', text: problem });
  };

  const send = async () => {
    if (sendBlocked !== null) return;
    const fields = await confirmEmptyFields(letterId, `Send it to ${email} anyway?`);
    if (!fields.go) return;
    // Empty fields were named and confirmed above: one question is enough.
    if (fields.empty.length === 0 && !(await confirm(`Send this letter as a PDF to ${email}?`)))
      return;
    setBusy('send');
    try {
      const reply = await call<LetterMailing>('patientletters/send', {
        patientletter_id: letterId,
        ...(fields.empty.length > 0 ? { confirm_empty_fields: true } : {}),
      });
      if (reply.result) queries.setQueryData(key, reply.data);
    } finally {
      setBusy(null);
    }
  };

  return {
    sendings: mailing.data?.sendings ?? [],
    loadError: mailing.error?.message ?? null,
    email,
    busy,
    sendBlocked,
    download,
    send,
  };
}
