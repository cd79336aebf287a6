import { PLACEHOLDER_IMAGE } from '../labels.ts';

/** A post's picture; a missing or broken image shows the placeholder (§8). */
export function PostImage({ src, className }: { src: string | null; className?: string }) {
  return (
    <img
      className={className}
      src={src ?? PLACEHOLDER_IMAGE}
      alt=""
      loading="lazy"
      onError={(event) => {
        if (event.currentTarget.src !== PLACEHOLDER_IMAGE) event.currentTarget.src = PLACEHOLDER_IMAGE;
      }}
    />
  );
}
