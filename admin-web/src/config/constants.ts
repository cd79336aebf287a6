// admin.md §3 Session: tokens are kept in local storage.
export const ACCESS_TOKEN_STORAGE_KEY = 'adminAccessToken';
export const REFRESH_TOKEN_STORAGE_KEY = 'adminRefreshToken';
export const API_BASE = '/api';
/** The Web Lock every tab of the console takes to refresh the tokens, so one tab refreshes at a time. */
export const TOKEN_REFRESH_LOCK = 'adminTokenRefresh';
/**
 * Session storage (this tab, this sign-in): the admin who chose 'Not Now' when asked to change a
 * password that is too easy to guess. The next sign-in asks again.
 */
export const PASSWORD_CHANGE_POSTPONED_KEY = 'adminPasswordChangePostponed';

// link-health-and-routes.md §9: toasts sit top-right; success 4 s, failure 5 s, any other 3 s.
export const TOAST_SUCCESS_MS = 4000;
export const TOAST_ERROR_MS = 5000;
export const TOAST_DEFAULT_MS = 3000;

/** How long a moderation toast offers Undo (single and bulk). */
export const UNDO_WINDOW_MS = 10_000;
/** Post Management's page sizes (the list's limit; admin.md §9 default 20). */
export const POST_PAGE_SIZES = [20, 50, 100] as const;

/** Import Posts: rows shown in the preview, and rows sent per import call (the progress steps). */
export const IMPORT_PREVIEW_ROWS = 20;
export const IMPORT_BATCH_ROWS = 1000;
