import { useState, type ImgHTMLAttributes } from 'react';

/** Neutral inline placeholder: never a network request, never a broken icon. */
export const PLACEHOLDER_IMAGE =
  'data:image/svg+xml;charset=utf-8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 500"><rect width="400" height="500" fill="#f3f1ee"/><path d="M170 215h60l10 15h25v75H135v-75h25z" fill="none" stroke="#c8c2ba" stroke-width="6" stroke-linejoin="round"/><circle cx="200" cy="267" r="20" fill="none" stroke="#c8c2ba" stroke-width="6"/></svg>',
  );

type SafeImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & {
  src: string | null | undefined;
  /** Text shown over the placeholder after a failed load (Fashion grid: 'Image unavailable'). */
  failedLabel?: string;
};

/**
 * storefront.md §4/§8: a failed image load falls back to a placeholder. The wrapper owns the box
 * (callers give it an aspect ratio), so a slow or failed image never moves the layout.
 */
export function SafeImage({ src, failedLabel, className = '', alt = '', ...rest }: SafeImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = !src || failedSrc === src;
  return (
    <span className={`relative block overflow-hidden bg-[#f3f1ee] ${className}`}>
      <img
        {...rest}
        src={failed ? PLACEHOLDER_IMAGE : src}
        alt={alt}
        data-failed={failed || undefined}
        onError={() => src && setFailedSrc(src)}
        className="absolute inset-0 h-full w-full object-cover"
      />
      {failed && failedLabel && (
        <span className="absolute inset-x-0 bottom-3 text-center text-xs text-neutral-500">
          {failedLabel}
        </span>
      )}
    </span>
  );
}
