/** Where the diary lives, and the link that opens it on the booking form for a patient. */
export const DIARY_ROUTE = 'diary';
export const DIARY_PATH = `/app/${DIARY_ROUTE}`;

/** The module whose navigation entry opens the diary instead of the generic list. */
export const DIARY_MODULE = 'appointments';

export const bookForPatientPath = (patientId: number) => `${DIARY_PATH}?book=${patientId}`;
