import type { ChangePasswordAnswer, ChangePasswordBody } from '@celebstyle/contracts';
import { adminRequest } from '../../../lib/api-client.ts';

/** PUT /admin/auth/password: every session of the admin ends; the answer is a new one. */
export const changePassword = (body: ChangePasswordBody) =>
  adminRequest<ChangePasswordAnswer>('/admin/auth/password', { method: 'PUT', body: JSON.stringify(body) });
