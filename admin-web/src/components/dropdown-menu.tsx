import { DropdownMenu as RadixMenu } from 'radix-ui';

export interface MenuItem {
  label: string;
  onSelect(): void;
  disabled?: boolean;
  /** Styles the item as destructive (delete). */
  danger?: boolean;
  /** Why the item is disabled, shown on hover. */
  hint?: string;
}

export interface DropdownMenuProps {
  /** The trigger button's visible text. */
  label: string;
  /** The trigger's accessible name when the visible text is not enough, e.g. 'Actions for Jane'. */
  'aria-label'?: string;
  items: MenuItem[];
  /** Shows only '⋯' on the trigger (its accessible name stays `aria-label` or `label`). */
  compact?: boolean;
}

/** A button that opens a list of actions; arrow keys move, Enter picks, Escape closes. */
export function DropdownMenu({ label, 'aria-label': ariaLabel, items, compact = false }: DropdownMenuProps) {
  return (
    <RadixMenu.Root modal={false}>
      <RadixMenu.Trigger
        className="secondary menu-trigger"
        aria-label={ariaLabel ?? (compact ? label : undefined)}
        title={compact ? label : undefined}
      >
        {compact ? (
          <span aria-hidden="true">⋯</span>
        ) : (
          <>
            {label} <span aria-hidden="true">▾</span>
          </>
        )}
      </RadixMenu.Trigger>
      <RadixMenu.Portal>
        <RadixMenu.Content className="menu" align="end" sideOffset={4}>
          {items.map((item) => (
            <RadixMenu.Item
              key={item.label}
              className={item.danger ? 'menu-item danger' : 'menu-item'}
              disabled={item.disabled}
              title={item.hint}
              onSelect={item.onSelect}
            >
              {item.label}
            </RadixMenu.Item>
          ))}
        </RadixMenu.Content>
      </RadixMenu.Portal>
    </RadixMenu.Root>
  );
}
