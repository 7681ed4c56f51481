/**
 * Every migration, in the order it is applied. Written by `npm run generate:schema` from the
 * files of this folder: never edit a migration that has shipped, and do not edit this list by hand.
 */
import type { Migration } from '../migrate';
import { platform } from './0001_platform';
import { serverSecrets } from './0002_server_secrets';
import { referenceEntities } from './0003_reference_entities';
import { clinicEntities } from './0004_clinic_entities';
import { entitySearch } from './0005_entity_search';
import { searchText } from './0006_search_text';
import { userAvatars } from './0008_user_avatars';
import { prescriptionDose } from './0009_prescription_dose';
import { patientCreatedAt } from './0011_patient_created_at';
import { timedDatesAndColours } from './0012_timed_dates_and_colours';
import { sessionNotifications } from './0013_session_notifications';
import { captchaUses } from './0014_captcha_uses';
import { companyNotifications } from './0015_company_notifications';
import { rowVersions } from './0017_row_versions';
import { searchTerms } from './0018_search_terms';
import { selectOptionChecks0019 } from './0019_select_option_checks';
import { allergies0020 } from './0020_allergies';
import { auditTrail0022 } from './0022_audit_trail';
import { prescriptionPriceTerms0023 } from './0023_prescription_price_terms';
import { stockLedger0024 } from './0024_stock_ledger';
import { prescriptionSafety0025 } from './0025_prescription_safety';
import { patientletterSendings0027 } from './0027_patientletter_sendings';
import { userSurname0029 } from './0029_user_surname';
import { stockMovesPerStatement0030 } from './0030_stock_moves_per_statement';
import { searchHeads0031 } from './0031_search_heads';
import { searchKeyHeads0032 } from './0032_search_key_heads';
import { searchHeadKeyPartial0033 } from './0033_search_head_key_partial';
import { searchTermsNoCompanyKey0034 } from './0034_search_terms_no_company_key';
import { searchTermsWithoutPrefixes0035 } from './0035_search_terms_without_prefixes';
import { partialIndexesCovered0036 } from './0036_partial_indexes_covered';
import { searchShortHeads0037 } from './0037_search_short_heads';
import { herbAllergies0038 } from './0038_herb_allergies';
import { medicines0039 } from './0039_medicines';
import { medicationsByName0040 } from './0040_medications_by_name';
import { exportPrivilege0041 } from './0041_export_privilege';
import { greetingFallback0042 } from './0042_greeting_fallback';
import { diary0043 } from './0043_diary';
import { diaryGuarantees0044 } from './0044_diary_guarantees';
import { publicBooking0045 } from './0045_public_booking';
import { appointmentReferenceIndexes0046 } from './0046_appointment_reference_indexes';
import { searchTrigrams0047 } from './0047_search_trigrams';

export const MIGRATIONS: readonly Migration[] = [
  platform,
  serverSecrets,
  referenceEntities,
  clinicEntities,
  entitySearch,
  searchText,
  userAvatars,
  prescriptionDose,
  patientCreatedAt,
  timedDatesAndColours,
  sessionNotifications,
  captchaUses,
  companyNotifications,
  rowVersions,
  searchTerms,
  selectOptionChecks0019,
  allergies0020,
  auditTrail0022,
  prescriptionPriceTerms0023,
  stockLedger0024,
  prescriptionSafety0025,
  patientletterSendings0027,
  userSurname0029,
  stockMovesPerStatement0030,
  searchHeads0031,
  searchKeyHeads0032,
  searchHeadKeyPartial0033,
  searchTermsNoCompanyKey0034,
  searchTermsWithoutPrefixes0035,
  partialIndexesCovered0036,
  searchShortHeads0037,
  herbAllergies0038,
  medicines0039,
  medicationsByName0040,
  exportPrivilege0041,
  greetingFallback0042,
  diary0043,
  diaryGuarantees0044,
  publicBooking0045,
  appointmentReferenceIndexes0046,
  searchTrigrams0047,
];
