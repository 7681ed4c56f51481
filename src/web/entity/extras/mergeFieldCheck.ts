/**
 * The merge fields of a letter that would print nothing (patientletters/check_merge_fields, one
 * resolver in shared/entities/merge-fields.ts), and the confirmation that names them before the
 * letter is printed, downloaded as a PDF or sent (issue 43 #4).
 */
import { emptyFieldsText, type EmptyMergeField } from '../../../shared/entities/merge-fields';
import type { MergeFieldCheck } from '../../../shared/entities/patientletters';
import { callData } from '../../api/client';
import { confirm } from '../../features/confirm/confirm';

export const checkMergeFields = async (
  letterId: number,
  body?: string,
): Promise<EmptyMergeField[]> =>
  (
    await callData<MergeFieldCheck>('patientletters/check_merge_fields', {
      patientletter_id: letterId,
      ...(body === undefined ? {} : { patientletter_body: body }),
    })
  ).empty_fields;

/**
 * True when the letter may go ahead: nothing is empty, or the user said so after reading which
 * fields are. `question` ends the text, e.g. "Print it anyway?". Answers the empty fields too.
 */
export async function confirmEmptyFields(
  letterId: number,
  question: string,
): Promise<{ go: boolean; empty: EmptyMergeField[] }> {
  const empty = await checkMergeFields(letterId);
  if (empty.length === 0) return { go: true, empty };
  return { go: await confirm(`${emptyFieldsText(empty)} ${question}`), empty };
}

/** The Print button: asks first when merge fields are empty, then opens the print page. */
export async function printLetter(letterId: number): Promise<void> {
  const { go } = await confirmEmptyFields(letterId, 'Print it anyway?');
  if (go) window.open(`/printing/patientletters/${letterId}`, '_blank', 'noopener');
}
