/**
 * The letter as the print page shows it: patientletters/get_printable answers it with its merge
 * fields filled and its markup sanitised on the server, and the page sanitises it once more with
 * the same rules before rendering it as HTML: whatever answered, only the editor's markup is
 * rendered. DOMPurify comes with this page's chunk only (the route is loaded lazily).
 */
import { useQuery } from '@tanstack/react-query';
import type { PrintableLetter } from '../../../shared/entities/patientletters';
import { sanitiseHtml } from '../../../shared/sanitise-html';
import { callData } from '../../api/client';

const sanitised = (letter: PrintableLetter): PrintableLetter => ({
  ...letter,
  html: sanitiseHtml(letter.html),
});

export function usePrintableLetter(id: number | string | undefined) {
  const valid = typeof id === 'number' && Number.isInteger(id) && id > 0;
  return useQuery({
    queryKey: ['patientletters', 'get_printable', id],
    queryFn: () =>
      callData<PrintableLetter>('patientletters/get_printable', { patientletter_id: id }),
    select: sanitised,
    enabled: valid,
    retry: false,
    staleTime: 0,
  });
}
