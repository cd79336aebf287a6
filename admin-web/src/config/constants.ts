// admin.md §3 Session: tokens are kept in local storage.
export const ACCESS_TOKEN_STORAGE_KEY = 'adminAccessToken';
export const REFRESH_TOKEN_STORAGE_KEY = 'adminRefreshToken';
export const API_BASE = '/api';

// link-health-and-routes.md §9: toasts sit top-right; success 4 s, failure 5 s, any other 3 s.
export const TOAST_SUCCESS_MS = 4000;
export const TOAST_ERROR_MS = 5000;
export const TOAST_DEFAULT_MS = 3000;
