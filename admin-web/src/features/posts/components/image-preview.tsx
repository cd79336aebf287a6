import { useState } from 'react';

/**
 * An image that gives way to a placeholder when it has no address or fails to load (the list's
 * thumbnails, the edit form's previews).
 */
export function ImagePreview({
  src,
  alt,
  className,
  placeholder = 'No image',
}: {
  src: string | null;
  alt: string;
  className: string;
  placeholder?: string;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) {
    return (
      <span
        className={`${className} image-placeholder`}
        role="img"
        aria-label={alt ? `${alt}: ${placeholder}` : placeholder}
      >
        {placeholder}
      </span>
    );
  }
  return <img className={className} src={src} alt={alt} loading="lazy" onError={() => setFailedSrc(src)} />;
}
