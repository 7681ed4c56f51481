/** Business constants and limits (page sizes, lengths, timings) the product requirements fix. */
export const LIST_PAGE_SIZE = 50;
export const LIST_LIMIT_MAX = 5000;
export const TYPEAHEAD_LIMIT = 100;
/** Rows a patient's history tab lists of each kind (and formulas prescriptions/get_formulas reads). */
export const PATIENT_HISTORY_LIMIT = 50;
export const TREE_LIMIT = 5000;
export const LOCAL_LIST_LIMIT = 5000;
export const AUTH_RECHECK_MS = 600_000;
export const HEARTBEAT_MS = 10_000;
export const SMALL_SCREEN_MAX_PX = 849;
export const LEFT_DRAWER_WIDTH = 320;
export const LEFT_DRAWER_BREAKPOINT = 1439;
export const RIGHT_DRAWER_WIDTH = 350;
export const PASSWORD_MIN_LENGTH = 10;
export const ADMIN_GROUP_ID = 1;
export const TOAST_SUCCESS_MS = 5000;
export const TOAST_OTHER_MS = 10_000;
export const MULTI_EDIT_MIN = 2;
export const NAV_FILTER_PREFIX_BELOW = 3;
/** Default maximum length of a free-text field when its definition sets none. */
export const TEXT_MAX_LENGTH = 255;
export const LONG_TEXT_MAX_LENGTH = 100_000;

export const maxLengthText = (n: number): string => `Maximum of ${n} characters allowed.`;
/** Rows one bulk action (delete, set a field, link) may change at once: one transaction. */
export const BULK_LIMIT = 10_000;

/** The largest file an import takes (a 10,000-patient CSV is ≈ 2 MB). */
export const IMPORT_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** The most data rows one import takes, so that one transaction stays short. */
export const IMPORT_ROWS_MAX = 20_000;
/** The most columns an imported file may have. */
export const IMPORT_COLUMNS_MAX = 200;
