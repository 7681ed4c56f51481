/**
 * Due for review (diary/get_due_for_review), the rebooking e-mail (diary/send_rebooking) and the
 * day sheet's download (diary/print_day_sheet), as the diary's panel and the patient screen use
 * them. The calls need the diary's read and the patients' read: without both nothing is asked.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DueForReviewAnswer } from '../../../shared/diary/review';
import { grants, isAdmin, privilegeOf } from '../../../shared/privileges';
import { call, callData } from '../../api/client';
import { showToast } from '../../api/toasts';
import { usePrivileges } from '../../session/queries';
import { useSession } from '../../session/store';
import { downloadExport } from '../export/download';

const NEEDS = [privilegeOf('appointments', 'list'), privilegeOf('patients', 'list')];

/** True when the user may read the list (admins, or both routes granted). */
export function useMayReview(route: 'list' | 'insert' = 'list'): boolean {
  const admin = useSession((s) => isAdmin(s.user?.group_ids ?? []));
  const privileges = usePrivileges().data ?? [];
  const needs =
    route === 'list' ? NEEDS : [privilegeOf('appointments', 'insert'), ...NEEDS.slice(1)];
  return admin || needs.every((p) => grants(privileges, p));
}

const keyOf = (slug: string | null, patientId: number | null) =>
  ['diary-review', slug, patientId ?? 'all'] as const;

/** The clinic's list (no patient), or one patient's line. */
export function useDueForReview(patientId: number | null = null) {
  const slug = useSession((s) => s.company_slug);
  const may = useMayReview();
  return useQuery({
    queryKey: keyOf(slug, patientId),
    queryFn: () =>
      callData<DueForReviewAnswer>(
        'diary/get_due_for_review',
        patientId === null ? {} : { patient_id: patientId },
      ),
    enabled: may,
  });
}

export function useSendRebooking() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patientId: number) => call('diary/send_rebooking', { patient_id: patientId }),
    onSettled: () => client.invalidateQueries({ queryKey: ['diary-review'] }),
  });
}

/** Saves the practitioner's day sheet (a PDF); a refusal shows as a toast. */
export async function downloadDaySheet(practitionerId: number, date: string): Promise<void> {
  const problem = await downloadExport(
    'diary/print_day_sheet',
    { practitioner_id: practitionerId, date },
    () => undefined,
    new AbortController().signal,
  );
  if (problem) showToast({ type: 'e', text: problem });
}
