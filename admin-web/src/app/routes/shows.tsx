import ShowsPage from '../../features/shows/components/shows-page.tsx';

/** admin.md §2 Shows Management (/admin/shows). */
export default function ShowsRoute() {
  return <ShowsPage />;
}
