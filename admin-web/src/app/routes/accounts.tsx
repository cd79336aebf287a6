import type { QueryClient } from '@tanstack/react-query';
import { getAdminListQueryOptions } from '../../features/accounts/api/accounts-queries.ts';
import AccountsPage from '../../features/accounts/components/accounts-page.tsx';
import { RequireAdmin } from '../../features/auth/components/require-admin.tsx';
import { signedInLoader } from '../signed-in-loader.ts';

/** The list's first page, unsearched; asked for a super admin only. */
export const clientLoader = (queryClient: QueryClient) =>
  signedInLoader(() => void queryClient.prefetchQuery(getAdminListQueryOptions(1, '')), { superAdmin: true });

/** admin.md §2 Admin Accounts (/admin/accounts), super admins only (§6). */
export default function AccountsRoute() {
  return (
    <RequireAdmin superAdmin>
      <AccountsPage />
    </RequireAdmin>
  );
}
