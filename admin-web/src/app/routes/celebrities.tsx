import CelebritiesPage from '../../features/celebrities/components/celebrities-page.tsx';

/** admin.md §2 Celebrities Management (/admin/celebrities). */
export default function CelebritiesRoute() {
  return <CelebritiesPage />;
}
