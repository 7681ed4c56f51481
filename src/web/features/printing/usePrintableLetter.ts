/**
 * The letter as the print page shows it: patientletters/get_printable answers it with its merge
 * fields filled and its markup sanitised on the server, so the page renders only that.
 */
import { useQuery } from '@tanstack/react-query';
import type { PrintableLetter } from '../../../shared/entities/patientletters';
import { callData } from '../../api/client';

export function usePrintableLetter(id: number | string | undefined) {
  const valid = typeof id === 'number' && Number.isInteger(id) && id > 0;
  return useQuery({
    queryKey: ['patientletters', 'get_printable', id],
    queryFn: () =>
      callData<PrintableLetter>('patientletters/get_printable', { patientletter_id: id }),
    enabled: valid,
    retry: false,
    staleTime: 0,
  });
}
