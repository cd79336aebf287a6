/**
 * Simple wordmarks of the streaming services for the 'As seen on' strip: original artwork (the name
 * set in a plain typeface with a small mark), not the services' own logos.
 */
type Style = {
  font: string;
  weight: number;
  spacing: number;
  italic?: boolean;
  mark: 'dot' | 'bar' | 'ring';
};

const STYLES: Record<string, Style> = {
  Netflix: { font: 'Georgia, serif', weight: 700, spacing: 3, mark: 'bar' },
  'HBO Max': { font: 'Arial, sans-serif', weight: 800, spacing: 1, mark: 'ring' },
  Hulu: { font: 'Arial, sans-serif', weight: 700, spacing: 0, mark: 'dot' },
  'Prime Video': { font: 'Verdana, sans-serif', weight: 600, spacing: 0, italic: true, mark: 'bar' },
  'Apple TV+': { font: 'Helvetica, Arial, sans-serif', weight: 500, spacing: 0, mark: 'dot' },
  'Disney+': { font: 'Georgia, serif', weight: 400, spacing: 0, italic: true, mark: 'ring' },
  Peacock: { font: 'Trebuchet MS, sans-serif', weight: 700, spacing: 1, mark: 'dot' },
};

export function StreamingWordmark({ name }: { name: string }) {
  const style = STYLES[name] ?? { font: 'Arial, sans-serif', weight: 700, spacing: 0, mark: 'dot' as const };
  const width = 24 + name.length * (15 + style.spacing);
  return (
    <svg
      role="img"
      aria-label={name}
      viewBox={`0 0 ${width} 40`}
      height="32"
      width={(width * 32) / 40}
      className="block"
    >
      {style.mark === 'dot' && <circle cx="8" cy="20" r="6" fill="currentColor" />}
      {style.mark === 'bar' && <rect x="3" y="8" width="8" height="24" rx="2" fill="currentColor" />}
      {style.mark === 'ring' && (
        <circle cx="8" cy="20" r="6" fill="none" stroke="currentColor" strokeWidth="3" />
      )}
      <text
        x="22"
        y="28"
        fill="currentColor"
        fontFamily={style.font}
        fontWeight={style.weight}
        fontStyle={style.italic ? 'italic' : 'normal'}
        letterSpacing={style.spacing}
        fontSize="24"
        textLength={width - 26}
        lengthAdjust="spacingAndGlyphs"
      >
        {name}
      </text>
    </svg>
  );
}
