import ChangePasswordPage from '../../features/auth/components/change-password-page.tsx';

/** admin.md §5 Change Password (/admin/change-password). */
export default function ChangePasswordRoute() {
  return <ChangePasswordPage />;
}
