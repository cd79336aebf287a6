import AccountsPage from '../../features/accounts/components/accounts-page.tsx';

/** admin.md §2 Admin Accounts (/admin/accounts), super admins only (the router guards it). */
export default function AccountsRoute() {
  return <AccountsPage />;
}
