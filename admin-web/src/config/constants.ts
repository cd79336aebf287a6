/**
 * The console's business constants (admin.md §9, link-health-and-routes.md §9, and the few the
 * console adds beyond the specs), named as the specs name them. Features import from here; nothing
 * hard-codes these numbers.
 */

// admin.md §3 Session: tokens are kept in local storage.
export const ACCESS_TOKEN_STORAGE_KEY = 'adminAccessToken';
export const REFRESH_TOKEN_STORAGE_KEY = 'adminRefreshToken';
export const API_BASE = '/api';
/** The Web Lock every tab of the console takes to refresh the tokens, so one tab refreshes at a time. */
export const TOKEN_REFRESH_LOCK = 'adminTokenRefresh';
/**
 * How long a tab that found its access token replaced by another tab's refresh waits for the new
 * tokens to reach its local storage before it gives up on them (its request then fails; nothing is
 * refreshed and no tab is signed out).
 */
export const TOKEN_HANDOVER_WAIT_MS = 10_000;
/** The IndexedDB database where a tab that refreshed notes which access token it replaced. */
export const REPLACED_TOKEN_DATABASE = 'adminSession';
/**
 * Session storage (this tab, this sign-in): the admin who chose 'Not Now' when asked to change a
 * password that is too easy to guess. The next sign-in asks again.
 */
export const PASSWORD_CHANGE_POSTPONED_KEY = 'adminPasswordChangePostponed';
/** While the API cannot be reached, how often the gateway's health address is asked. */
export const CONNECTION_PROBE_MS = 5_000;
/**
 * At start, how long to wait before asking again for the profile when the API did not answer it
 * (a gateway restarting during a deploy): three asks over about 4 s before the tab is signed out.
 */
export const PROFILE_RETRY_DELAYS_MS = [1_000, 3_000] as const;
/**
 * How long one profile read at start may go unanswered before it counts as no answer: a gateway
 * that takes the connection and never replies would otherwise leave the console on its
 * authentication check until the browser gives up on its own (minutes).
 */
export const PROFILE_READ_TIMEOUT_MS = 10_000;

// admin.md §9 Business constants and limits
/** Post Management's page sizes (the list's limit; default 20). */
export const POST_PAGE_SIZES = [20, 50, 100] as const;
/** The accounts screen asks for 10 admins per page (also §7). */
export const ACCOUNTS_PAGE_SIZE = 10;
/** The celebrity list is one fetch of 500, shown as a single page. */
export const CELEBRITY_LIST_LIMIT = 500;
export const SHOWS_PAGE_SIZE = 20;
export const SUPPORT_PAGE_SIZE = 10;
/** A Twitter share's text is cut to 250 characters (247 plus an ellipsis). */
export const TWITTER_TEXT_LIMIT = 250;
/** Copy feedback: 2 s (Post Management, and Link Validation's details dialog), 4 s for the Instagram caption. */
export const COPY_FEEDBACK_MS = 2000;
export const CAPTION_COPY_FEEDBACK_MS = 4000;
export const PUBLISH_SUCCESS_MS = 10_000;
/** Bulk image download gap. */
export const DOWNLOAD_GAP_MS = 500;

// link-health-and-routes.md §9
/** Filter reload debounce. */
export const FILTER_DEBOUNCE_MS = 300;
/** §4.3 quick filters: the recently fixed window, and the confidence presets (fractions). */
export const RECENTLY_FIXED_DAYS = 7;
export const HIGH_CONFIDENCE = 0.8;
export const LOW_CONFIDENCE = 0.4;
// Toasts sit top-right; success 4 s, failure 5 s, any other 3 s.
export const TOAST_SUCCESS_MS = 4000;
export const TOAST_ERROR_MS = 5000;
export const TOAST_DEFAULT_MS = 3000;

// Beyond the specs
/** How long a moderation toast offers Undo (single and bulk). */
export const UNDO_WINDOW_MS = 10_000;
/** Import Posts: rows shown in the preview, and rows sent per import call (the progress steps). */
export const IMPORT_PREVIEW_ROWS = 20;
export const IMPORT_BATCH_ROWS = 1000;
/** Import Posts: skipped rows listed under the counts; a larger file's rest is counted, not listed. */
export const SKIPPED_SHOWN = 100;
/** Link Validation's health chart window, and the Dashboard's link health trend, in days. */
export const HISTORY_DAYS = 90;
export const HEALTH_TREND_DAYS = 30;
/** Posts listed in the Dashboard's links needing attention tile. */
export const ATTENTION_POSTS = 5;
export const AUDIT_LOG_PAGE_SIZE = 50;
/** The newest entries of one post's history, as the post details dialog shows them. */
export const POST_HISTORY_LIMIT = 50;
/** Check Now: how often the link's details are read again, and how long before giving up. */
export const CHECK_POLL_MS = 2000;
export const CHECK_TIMEOUT_MS = 90_000;
/** How long Shows waits for a queued TVmaze lookup to land, and how often it re-reads the page meanwhile. */
export const TVMAZE_WAIT_MS = 30_000;
export const TVMAZE_POLL_MS = 1_500;
