import SupportPage from '../../features/support/components/support-page.tsx';

/** admin.md §2 Support Requests (/admin/support). */
export default function SupportRoute() {
  return <SupportPage />;
}
