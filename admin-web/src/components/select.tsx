import { Select as RadixSelect } from 'radix-ui';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps {
  value: string;
  options: readonly SelectOption[];
  onChange(value: string): void;
  /** The trigger's id, for a `<label htmlFor>`; a `<label>` around the select labels it too. */
  id?: string;
  /** The accessible name when no visible label names the select. */
  'aria-label'?: string;
  disabled?: boolean;
  /** Extra class of the trigger (a screen's own width). */
  className?: string;
}

/** Options whose words are their values (names from the data: celebrities, platforms). */
export const plainOptions = (values: readonly string[] | undefined): SelectOption[] =>
  (values ?? []).map((value) => ({ value, label: value }));

// Radix reserves the empty string for "nothing chosen"; the console's "All …" choices are '' values.
const EMPTY = '\u0000';
const toRadix = (value: string) => (value === '' ? EMPTY : value);
const fromRadix = (value: string) => (value === EMPTY ? '' : value);

/**
 * The console's one select: a button (role combobox) that opens a listbox. Arrow keys move, typing
 * jumps to the option that starts with the letters typed, Enter picks, Escape closes. The list opens
 * under the button and scrolls inside the window's height, so a long list never leaves the screen.
 * A value missing from `options` is shown as it is (an address can name a value no longer offered).
 */
export function Select({
  value,
  options,
  onChange,
  id,
  'aria-label': ariaLabel,
  disabled,
  className,
}: SelectProps) {
  const shown = options.some((option) => option.value === value)
    ? options
    : [...options, { value, label: value }];
  return (
    <RadixSelect.Root
      value={toRadix(value)}
      onValueChange={(next) => onChange(fromRadix(next))}
      disabled={disabled}
    >
      <RadixSelect.Trigger
        id={id}
        aria-label={ariaLabel}
        className={className ? `select-trigger ${className}` : 'select-trigger'}
      >
        <span className="select-value">
          <RadixSelect.Value />
        </span>
        <RadixSelect.Icon className="select-icon" aria-hidden="true">
          ▾
        </RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content className="select-content" position="popper" sideOffset={4}>
          <RadixSelect.ScrollUpButton className="select-scroll" aria-hidden="true">
            ▴
          </RadixSelect.ScrollUpButton>
          <RadixSelect.Viewport className="select-viewport">
            {shown.map((option) => (
              <RadixSelect.Item key={option.value} value={toRadix(option.value)} className="select-item">
                <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
              </RadixSelect.Item>
            ))}
          </RadixSelect.Viewport>
          <RadixSelect.ScrollDownButton className="select-scroll" aria-hidden="true">
            ▾
          </RadixSelect.ScrollDownButton>
        </RadixSelect.Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  );
}
