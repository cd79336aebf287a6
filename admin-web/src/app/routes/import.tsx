import ImportPage from '../../features/import/import-page.tsx';

/** Import Posts (/admin/import). */
export default function ImportPostsRoute() {
  return <ImportPage />;
}
