import { useId, useState } from 'react';

const CUSTOM = '__custom__';

/**
 * admin.md §2 Edit post form: a value chosen from a loaded list, or typed as a 'Custom Entry' (also
 * what a value outside the list starts as).
 */
export function ChoiceField({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: string[];
  onChange(value: string): void;
}) {
  const id = useId();
  const [custom, setCustom] = useState(value !== '' && !options.includes(value));
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={custom ? CUSTOM : value}
        onChange={(e) => {
          const next = e.target.value;
          setCustom(next === CUSTOM);
          if (next !== CUSTOM) onChange(next);
        }}
      >
        <option value="">Select {label.toLowerCase()}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
        <option value={CUSTOM}>Custom Entry</option>
      </select>
      {custom && (
        <input
          aria-label={`Custom ${label.toLowerCase()}`}
          value={value}
          placeholder={`Enter ${label.toLowerCase()}`}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </div>
  );
}
