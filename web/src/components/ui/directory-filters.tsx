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
