import {
  AccountsMessage,
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  type AdminAnswer,
  type AdminListAnswer,
  type AdminPagination,
  type AdminRecord,
  type AdminRole,
  type CreateAdminBody,
  type MessageAnswer,
  type UpdateAdminBody,
} from '@celebstyle/contracts';
import { adminRequest } from '../../../lib/api-client.ts';
import { ACCOUNTS_PAGE_SIZE } from '../../../config/constants.ts';

export type { AdminListAnswer, AdminPagination, AdminRecord, AdminRole };

/** admin.md §7 POST /admin/accounts: the form always sends username, email, password and role. */
export type CreateAdminInput = Required<Pick<CreateAdminBody, 'username' | 'email' | 'password' | 'role'>>;

/** admin.md §7 PUT /admin/accounts/{id}: the form always sends username, email, role and isActive. */
export type UpdateAdminInput = Required<UpdateAdminBody>;

const BASE = '/admin/accounts';
const json = (method: string, body: unknown): RequestInit => ({ method, body: JSON.stringify(body) });
const adminUrl = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const accountsApi = {
  list(page: number, search: string) {
    const query = new URLSearchParams({ page: String(page), limit: String(ACCOUNTS_PAGE_SIZE) });
    if (search) query.set('search', search);
    return adminRequest<AdminListAnswer>(`${BASE}?${query}`);
  },
  create: (input: CreateAdminInput) => adminRequest<AdminAnswer>(BASE, json('POST', input)),
  update: (id: string, input: UpdateAdminInput) =>
    adminRequest<AdminAnswer>(adminUrl(id), json('PUT', input)),
  activate: (id: string) => adminRequest<AdminAnswer>(`${adminUrl(id)}/activate`, { method: 'PUT' }),
  deactivate: (id: string) => adminRequest<AdminAnswer>(`${adminUrl(id)}/deactivate`, { method: 'PUT' }),
  resetPassword: (id: string, newPassword: string) =>
    adminRequest<MessageAnswer>(`${adminUrl(id)}/reset-password`, json('PUT', { newPassword })),
  remove: (id: string) => adminRequest<MessageAnswer>(adminUrl(id), { method: 'DELETE' }),
};

export const roleLabel = (role: AdminRole) => (role === 'super_admin' ? 'Super Admin' : 'Admin');

/** 'Showing X to Y of N admins' (admin.md §2). */
export function showingText(pagination: AdminPagination): string {
  const { totalAdmins, currentPage, limit } = pagination;
  const from = totalAdmins === 0 ? 0 : (currentPage - 1) * limit + 1;
  const to = Math.min(currentPage * limit, totalAdmins);
  return `Showing ${from} to ${to} of ${totalAdmins} admins`;
}

const USERNAME_PATTERN = new RegExp(`^[A-Za-z0-9._-]{${USERNAME_MIN_LENGTH},${USERNAME_MAX_LENGTH}}$`);
// The accounts service's own check: one @, a dotted domain, no spaces.
const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** admin.md §5 create and edit admin: username required (the contracts' length and characters). */
export function usernameError(username: string): string | null {
  const value = username.trim();
  if (!value) return AccountsMessage.usernameRequired;
  if (!USERNAME_PATTERN.test(value)) return AccountsMessage.usernameInvalid;
  return null;
}

/** admin.md §5: e-mail required and of e-mail type. */
export function emailError(email: string): string | null {
  const value = email.trim();
  if (!value) return AccountsMessage.emailRequired;
  if (value.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(value)) return AccountsMessage.emailInvalid;
  return null;
}

export { passwordError } from '../../../lib/password-rules.ts';

export { AccountsMessage, EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_MAX_LENGTH };
