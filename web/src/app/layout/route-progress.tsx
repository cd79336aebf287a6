import { useNavigation } from 'react-router';

/** A thin top bar while a lazy route or its loader is on the way, so a tap always answers. */
export function RouteProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="fixed inset-x-0 top-0 z-[60] h-0.5 animate-pulse bg-gold"
    />
  );
}
