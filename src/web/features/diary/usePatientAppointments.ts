/** A patient's next and past appointments (`diary/get_patient_appointments`), for their screen. */
import { useQuery } from '@tanstack/react-query';
import { diaryApi } from './diaryApi';
import { DIARY_RANGE_KEY } from './useDiaryRange';

export function usePatientAppointments(patientId: number) {
  const query = useQuery({
    // Under the diary's key, so that a booking or a move made in the diary reads it again.
    queryKey: [...DIARY_RANGE_KEY, 'patient', patientId],
    queryFn: () => diaryApi.patientAppointments(patientId),
    enabled: Number.isFinite(patientId) && patientId > 0,
  });
  return {
    next: query.data?.next ?? [],
    past: query.data?.past ?? [],
    loading: query.isPending,
    failed: query.isError,
  };
}
