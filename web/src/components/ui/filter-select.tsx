type FilterSelectProps = {
  label: string;
  /** Plural noun for the empty message: 'No shows found'. */
  noun: string;
  value: string;
  options: string[];
  onChange: (value: string) => void;
};

/** A dropdown with an All option and a 'No ... found' message when it has nothing to offer (§2). */
export function FilterSelect({ label, noun, value, options, onChange }: FilterSelectProps) {
  return (
    <label className="block min-w-0">
      <span className="mb-1 block text-xs font-semibold tracking-[0.15em] text-neutral-500 uppercase">
        {label}
      </span>
      <select
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="h-10 w-full rounded-lg bg-white px-3 text-sm ring-1 ring-neutral-300 focus:ring-ink focus:outline-none"
      >
        <option value="">All</option>
        {options.length === 0 && (
          <option value="" disabled>
            {`No ${noun} found`}
          </option>
        )}
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </label>
  );
}
