import { CelebrityProfilePage } from '../../features/celebrities/components/celebrity-profile.tsx';

export default function CelebrityRoute() {
  return <CelebrityProfilePage />;
}
