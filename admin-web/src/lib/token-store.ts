import { ACCESS_TOKEN_STORAGE_KEY, REFRESH_TOKEN_STORAGE_KEY } from '../config/constants.ts';

export const tokenStore = {
  access: () => localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY),
  refresh: () => localStorage.getItem(REFRESH_TOKEN_STORAGE_KEY),
  save(accessToken: string, refreshToken?: string) {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, accessToken);
    if (refreshToken) localStorage.setItem(REFRESH_TOKEN_STORAGE_KEY, refreshToken);
  },
  clear() {
    localStorage.removeItem(ACCESS_TOKEN_STORAGE_KEY);
    localStorage.removeItem(REFRESH_TOKEN_STORAGE_KEY);
  },
};
