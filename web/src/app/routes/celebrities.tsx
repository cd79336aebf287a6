import { CelebrityDirectory } from '../../features/celebrities/components/celebrity-directory.tsx';

export default function CelebritiesRoute() {
  return <CelebrityDirectory />;
}
