/**
 * Closing the add dialog (Escape, ×, Cancel, a click outside) without losing what was typed:
 * with any value entered it asks first, as leaving unsaved privileges does (useLeaveGuard), and
 * forgets the values only when the user says so.
 */
import { useCallback, type RefObject } from 'react';
import { confirm, useConfirmState } from '../../features/confirm/confirm';
import type { Row } from '../model/types';

/** A text box of the dialog's fields that holds text (including text that is not yet a value). */
function holdsText(form: HTMLFormElement | null): boolean {
  const boxes = form?.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    'input[data-field], textarea[data-field]',
  );
  return [...(boxes ?? [])].some(
    (box) => box.type !== 'checkbox' && box.type !== 'radio' && box.value.trim() !== '',
  );
}

const hasValue = (values: Row) =>
  Object.values(values).some((value) => value !== null && value !== undefined && value !== '');

export function useAddDialogClose(
  form: RefObject<HTMLFormElement | null>,
  values: RefObject<Row>,
  singular: string,
  forget: () => void,
  close: () => void,
) {
  return useCallback(() => {
    // The Escape that answers this question reaches the dialog underneath too.
    if (useConfirmState.getState().message !== null) return;
    // Read from the boxes too: a field being typed in saves only when it is left.
    if (!hasValue(values.current) && !holdsText(form.current)) {
      close();
      return;
    }
    void confirm(`Discard this new ${singular}? What you typed has not been added.`).then(
      (discard) => {
        if (!discard) return;
        forget();
        close();
      },
    );
  }, [form, values, singular, forget, close]);
}
