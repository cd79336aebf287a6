// admin.md §3 Session: tokens are kept in local storage.
export const ACCESS_TOKEN_STORAGE_KEY = 'adminAccessToken';
export const REFRESH_TOKEN_STORAGE_KEY = 'adminRefreshToken';
export const API_BASE = '/api';
