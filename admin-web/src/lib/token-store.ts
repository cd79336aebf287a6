import { ACCESS_TOKEN_STORAGE_KEY, REFRESH_TOKEN_STORAGE_KEY } from '../config/constants.ts';

export const tokenStore = {
  access: () => localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY),
  refresh: () => localStorage.getItem(REFRESH_TOKEN_STORAGE_KEY),
  save(accessToken: string, refreshToken?: string) {
    // the access token last: other tabs receive the writes in order, so one that sees the new
    // access token (token-refresh-lock.ts waits for it) already holds the refresh token beside it
    if (refreshToken) localStorage.setItem(REFRESH_TOKEN_STORAGE_KEY, refreshToken);
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, accessToken);
  },
  clear() {
    localStorage.removeItem(ACCESS_TOKEN_STORAGE_KEY);
    localStorage.removeItem(REFRESH_TOKEN_STORAGE_KEY);
  },
};
