import { useId, useState } from 'react';
import { Select } from '../../../components/select.tsx';

const CUSTOM = '__custom__';

/**
 * admin.md §2 Edit post form: a value chosen from a loaded list, or typed as a 'Custom Entry' (also
 * what a value outside the list starts as). Long lists (every show) stay one select: typing the
 * first letters jumps to the name, and a name not in the list is typed in the Custom Entry field.
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
      <Select
        id={id}
        value={custom ? CUSTOM : value}
        options={[
          { value: '', label: `Select ${label.toLowerCase()}` },
          ...options.map((option) => ({ value: option, label: option })),
          { value: CUSTOM, label: 'Custom Entry' },
        ]}
        onChange={(next) => {
          setCustom(next === CUSTOM);
          if (next !== CUSTOM) onChange(next);
        }}
      />
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
