import { ShowPage } from '../../features/shows/components/show-page.tsx';

/** /show/{showName} and /shows/{showName}. */
export default function ShowRoute() {
  return <ShowPage />;
}
