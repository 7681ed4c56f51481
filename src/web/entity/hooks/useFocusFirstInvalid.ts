/**
 * After a refused submit, focus goes to the first field marked invalid (in the form's order), so
 * that a keyboard or screen-reader user lands on what to fix rather than on the submit button.
 */
import { useEffect, useRef } from 'react';

export function useFocusFirstInvalid(errors: Readonly<Record<string, string>>) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);
  return form;
}
