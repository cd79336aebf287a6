/** A–Z and # letter filter of the celebrity and show directories (storefront.md §2, §5). */
export const LETTERS = ['All', ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split(''), '#'];

/** §5: the letter filter matches the first letter; # matches names not starting with a letter. */
export function matchesLetter(name: string, letter: string): boolean {
  if (letter === 'All') return true;
  const first = name.trim().charAt(0);
  if (letter === '#') return !/\p{L}/u.test(first);
  return first.toUpperCase() === letter;
}

export function LetterFilter({ value, onChange }: { value: string; onChange: (letter: string) => void }) {
  return (
    <div className="flex flex-wrap gap-1" role="group" aria-label="Filter by first letter">
      {LETTERS.map((l) => (
        <button
          key={l}
          type="button"
          aria-pressed={value === l}
          onClick={() => onChange(l)}
          className={`h-8 min-w-8 rounded-md px-2 text-xs font-semibold ${value === l ? 'bg-ink text-white' : 'bg-neutral-100 hover:bg-neutral-200'}`}
        >
          {l}
        </button>
      ))}
    </div>
  );
}

/** The name search of the celebrity and show directories; `label` is also the placeholder's stem. */
export function DirectorySearch({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
}) {
  return (
    <input
      type="search"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      placeholder={`${label}...`}
      aria-label={label}
      className="mb-3 h-11 w-full max-w-md rounded-full border border-neutral-300 px-4 text-sm focus:border-ink focus:outline-none"
    />
  );
}
