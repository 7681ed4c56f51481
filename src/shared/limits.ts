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
/**
 * Bounds an imported file is read within (src/server/imports/), each refused with a message the
 * moment it is crossed. Row numbers may run past IMPORT_ROWS_MAX (blank rows between are
 * skipped), but one far beyond it is refused rather than read.
 */
export const IMPORT_ROW_NUMBER_MAX = 5 * IMPORT_ROWS_MAX;
/** The longest cell an import reads: the longest text any field takes. */
export const IMPORT_CELL_MAX_LENGTH = LONG_TEXT_MAX_LENGTH;
/** What an XLSX file may unpack to, all its parts together (a 20,000-row sheet is ≈ 30 MB). */
export const IMPORT_UNPACKED_MAX_BYTES = 100 * 1024 * 1024;
/** Parts an XLSX file may hold (Excel writes about a dozen). */
export const IMPORT_ZIP_ENTRIES_MAX = 1000;
/** How long reading one file may take, and the heap its reader (a worker thread) may use. */
export const IMPORT_READ_TIME_MAX_MS = 30_000;
export const IMPORT_READ_HEAP_MAX_MB = 256;

/**
 * The most words a search may have once repeated words and words inside others are dropped
 * (filters.ts `searchWords`): each word is one more condition every candidate row is checked
 * against, and some engines' work grows faster than the words. More is refused with SEARCH_WORDS_TEXT.
 */
export const SEARCH_WORDS_MAX = 6;
export const SEARCH_WORDS_TEXT = `A search may have at most ${SEARCH_WORDS_MAX} different words.`;
