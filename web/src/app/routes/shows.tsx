import { ShowDirectory } from '../../features/shows/components/show-directory.tsx';

export default function ShowsRoute() {
  return <ShowDirectory />;
}
