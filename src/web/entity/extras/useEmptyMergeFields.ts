/**
 * The letter editor's warning: the merge fields that resolve to nothing for this letter's patient,
 * writer and clinic, checked again as the text changes (the server fills them with the same
 * resolver print, PDF and e-mail use).
 */
import { useQuery } from '@tanstack/react-query';
import type { EmptyMergeField } from '../../../shared/entities/merge-fields';
import { emptyFieldText } from '../../../shared/entities/merge-fields';
import { checkMergeFields } from './mergeFieldCheck';

export function useEmptyMergeFields(letterId: number, body: string, patientId: unknown) {
  const check = useQuery({
    queryKey: ['patientletters', 'check_merge_fields', letterId, body, patientId],
    queryFn: () => checkMergeFields(letterId, body),
    retry: false,
    staleTime: 0,
  });
  const empty: EmptyMergeField[] = check.data ?? [];
  return { lines: empty.map((field) => ({ key: field.placeholder, text: emptyFieldText(field) })) };
}
