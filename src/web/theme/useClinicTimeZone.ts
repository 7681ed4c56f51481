/**
 * The clinic's IANA time zone, in which every screen shows and reads instants (appointments'
 * start and end, instant fields of lists and editors). The server resolves it from the product
 * setting `time_zone` ('' = the server's own zone) and sends it with the public settings, which
 * are read again after an admin changes a setting.
 */
import { usePublicSettings } from '../session/companyStore';

export const useClinicTimeZone = (): string => usePublicSettings().clinicTimeZone;
