import ImportPage from '../../features/import/components/import-page.tsx';

/** Import Posts (/admin/import). */
export default function ImportPostsRoute() {
  return <ImportPage />;
}
