import type { AdminRecord } from '@celebstyle/contracts';

/** An active admin as the profile answers it; `overrides` for what a test needs otherwise. */
export const adminRecord = (overrides: Partial<AdminRecord> = {}): AdminRecord => ({
  _id: 'a1',
  username: 'kim',
  email: 'kim@example.com',
  role: 'admin',
  isActive: true,
  createdAt: '2026-01-01T10:00:00.000Z',
  lastLogin: null,
  passwordChangeRequired: false,
  ...overrides,
});
