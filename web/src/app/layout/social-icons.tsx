import type { SiteConfig } from '@celebstyle/contracts';

// Simple monochrome glyph paths (24×24) so the footer needs no icon library.
const ICONS: Record<keyof SiteConfig['social'], { label: string; d: string }> = {
  instagram: {
    label: 'Instagram',
    d: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4Zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm5.5-1.5a1 1 0 1 0 0 2 1 1 0 0 0 0-2Z',
  },
  tiktok: { label: 'TikTok', d: 'M14 3h3a5 5 0 0 0 4 4v3a8 8 0 0 1-4-1v6a6 6 0 1 1-6-6v3a3 3 0 1 0 3 3V3Z' },
  pinterest: {
    label: 'Pinterest',
    d: 'M12 2a10 10 0 0 0-3.6 19.3c-.1-.8-.1-2 0-2.9l1.2-5s-.3-.6-.3-1.5c0-1.4.8-2.5 1.8-2.5.9 0 1.3.6 1.3 1.4 0 .9-.5 2.1-.8 3.3-.2 1 .5 1.8 1.5 1.8 1.8 0 3.1-1.9 3.1-4.6 0-2.4-1.7-4.1-4.2-4.1-2.9 0-4.5 2.1-4.5 4.4 0 .9.3 1.8.8 2.3l.1.4-.3 1.1c0 .2-.2.2-.4.1-1.3-.6-2.1-2.5-2.1-4 0-3.3 2.4-6.3 6.9-6.3 3.6 0 6.4 2.6 6.4 6 0 3.6-2.3 6.5-5.4 6.5-1.1 0-2.1-.6-2.4-1.2l-.7 2.5c-.2.9-.9 2.1-1.3 2.8A10 10 0 1 0 12 2Z',
  },
  facebook: { label: 'Facebook', d: 'M14 8h3V4h-3a4 4 0 0 0-4 4v2H8v4h2v8h4v-8h3l1-4h-4V8Z' },
  x: { label: 'X', d: 'M4 4h4.5l4 5.5L17 4h3l-6.1 7.2L21 20h-4.5l-4.3-5.9L7 20H4l6.7-7.8Z' },
};

export function SocialIcons({ social }: { social: SiteConfig['social'] | undefined }) {
  return (
    <ul className="mt-6 flex h-9 gap-3" aria-label="Social media">
      {social &&
        (Object.keys(ICONS) as (keyof typeof ICONS)[])
          .filter((key) => social[key])
          .map((key) => (
            <li key={key}>
              <a
                href={social[key]}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={ICONS[key].label}
                className="flex h-9 w-9 items-center justify-center rounded-full bg-white/10 hover:bg-white/20"
              >
                <svg aria-hidden viewBox="0 0 24 24" className="h-4 w-4 fill-current">
                  <path d={ICONS[key].d} />
                </svg>
              </a>
            </li>
          ))}
    </ul>
  );
}
