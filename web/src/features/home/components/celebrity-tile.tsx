import { Link } from 'react-router';
import { SafeImage } from '../../../components/ui/safe-image.tsx';

/** §2 Trending Celebs card: image, name, then 'N look(s) found'. */
export function lookCount(count: number): string {
  return `${count} ${count === 1 ? 'look' : 'looks'} found`;
}

export function CelebrityTile({
  name,
  count,
  imageUrl,
}: {
  name: string;
  count: number;
  imageUrl: string | null;
}) {
  return (
    <Link to={`/Fashion?${new URLSearchParams({ celebrity: name })}`} className="group block text-center">
      <SafeImage
        src={imageUrl}
        alt={name}
        loading="lazy"
        className="mx-auto aspect-square w-full rounded-full ring-2 ring-transparent transition group-hover:ring-gold"
      />
      <span className="mt-3 block truncate text-sm font-semibold">{name}</span>
      <span className="block text-xs text-neutral-500">{lookCount(count)}</span>
    </Link>
  );
}
