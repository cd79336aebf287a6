import { Checkbox as RadixCheckbox } from 'radix-ui';

export interface CheckboxProps {
  /** 'indeterminate' for a Select All box when only some rows are selected. */
  checked: boolean | 'indeterminate';
  onCheckedChange(checked: boolean): void;
  /** The accessible name, e.g. 'Select All' or 'Select Summer Dress'. */
  'aria-label': string;
  disabled?: boolean;
}

/** A checkbox (role checkbox, Space toggles) that can also show the mixed state. */
export function Checkbox({ checked, onCheckedChange, 'aria-label': ariaLabel, disabled }: CheckboxProps) {
  return (
    <RadixCheckbox.Root
      className="checkbox"
      checked={checked}
      onCheckedChange={(next) => onCheckedChange(next === true)}
      aria-label={ariaLabel}
      disabled={disabled}
    >
      <RadixCheckbox.Indicator className="checkbox-mark" aria-hidden="true">
        {checked === 'indeterminate' ? '–' : '✓'}
      </RadixCheckbox.Indicator>
    </RadixCheckbox.Root>
  );
}
