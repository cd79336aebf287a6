import { useState } from 'react';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { useToasterStore } from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Checkbox } from '../src/components/checkbox.tsx';
import { ConfirmDialog } from '../src/components/confirm-dialog.tsx';
import { Dialog } from '../src/components/dialog.tsx';
import { DropdownMenu } from '../src/components/dropdown-menu.tsx';
import { AppToaster } from '../src/components/toaster.tsx';
import { notify } from '../src/lib/toast.tsx';

function DialogHarness({ dismissible }: { dismissible?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open</button>
      <button>Elsewhere</button>
      <Dialog open={open} onOpenChange={setOpen} title="Edit Admin" dismissible={dismissible}>
        <input aria-label="Username" />
        <button onClick={() => setOpen(false)}>Close</button>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('is a labelled modal that keeps focus inside and gives it back on Escape', async () => {
    const user = userEvent.setup();
    render(<DialogHarness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Admin' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    // Tab cycles inside the dialog and never reaches the page behind it
    for (let i = 0; i < 4; i += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes on a click on the backdrop but not on a click inside', async () => {
    const user = userEvent.setup();
    render(<DialogHarness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(screen.getByRole('textbox', { name: 'Username' }));
    expect(dialog).toBeInTheDocument();
    await user.click(dialog.parentElement!); // the backdrop
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stays open on Escape and backdrop while it may not be dismissed', async () => {
    const user = userEvent.setup();
    render(<DialogHarness dismissible={false} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await user.click(dialog.parentElement!);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('asks before Escape or the backdrop close it with an edited field, and keeps the edit on Cancel', async () => {
    const user = userEvent.setup();
    render(<DialogHarness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Admin' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'bob');
    await user.keyboard('{Escape}');
    const ask = await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Username' })).toHaveValue('bob');

    await user.click(dialog.parentElement!); // the backdrop
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard changes' }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // opened again, nothing edited yet: Escape closes at once
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await screen.findByRole('dialog', { name: 'Edit Admin' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('ConfirmDialog', () => {
  function Harness({ onConfirm, busy = false }: { onConfirm: () => void; busy?: boolean }) {
    const [open, setOpen] = useState(true);
    return (
      <ConfirmDialog
        open={open}
        title="Delete Admin"
        message="Are you sure you want to delete the admin account for bob? This action cannot be undone."
        confirmLabel="Delete"
        danger
        busy={busy}
        error={busy ? null : 'Failed to delete admin account'}
        onConfirm={onConfirm}
        onCancel={() => setOpen(false)}
      />
    );
  }

  it('asks with focus on Cancel, confirms without closing itself, and cancels on Escape', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Admin' });
    expect(dialog).toHaveAccessibleDescription(
      'Are you sure you want to delete the admin account for bob? This action cannot be undone.',
    );
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to delete admin account');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('reads Processing... and takes no answer while the action runs', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} busy />);
    const confirm = await screen.findByRole('button', { name: 'Processing...' });
    expect(confirm).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});

describe('DropdownMenu', () => {
  it('opens from its button and runs the chosen action; disabled ones cannot be chosen', async () => {
    const user = userEvent.setup();
    const edit = vi.fn();
    const remove = vi.fn();
    render(
      <DropdownMenu
        label="Actions"
        aria-label="Actions for bob"
        items={[
          { label: 'Edit', onSelect: edit },
          { label: 'Delete', onSelect: remove, danger: true, disabled: true },
        ]}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Actions for bob' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Edit', 'Delete']);
    expect(items[1]).toHaveAttribute('aria-disabled', 'true');
    await user.click(items[1]!);
    expect(remove).not.toHaveBeenCalled();
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    expect(edit).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});

describe('Checkbox', () => {
  it('is a named checkbox toggled by click and Space, and can show the mixed state', async () => {
    const user = userEvent.setup();
    const changes: boolean[] = [];
    function Harness() {
      const [checked, setChecked] = useState<boolean | 'indeterminate'>('indeterminate');
      return (
        <Checkbox
          aria-label="Select All"
          checked={checked}
          onCheckedChange={(next) => {
            changes.push(next);
            setChecked(next);
          }}
        />
      );
    }
    render(<Harness />);
    const box = screen.getByRole('checkbox', { name: 'Select All' });
    expect(box).toHaveAttribute('aria-checked', 'mixed');
    await user.click(box);
    expect(box).toHaveAttribute('aria-checked', 'true');
    await user.keyboard(' ');
    expect(box).toHaveAttribute('aria-checked', 'false');
    expect(changes).toEqual([true, false]);
  });
});

describe('notify', () => {
  afterEach(() => {
    act(() => toast.remove());
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  /** Lists the toasts still shown (a dismissed one lingers a second for its exit animation). */
  function ShownToasts() {
    const { toasts } = useToasterStore();
    return (
      <ul aria-label="shown">
        {toasts
          .filter((t) => t.visible)
          .map((t) => (
            <li key={t.id}>{t.id}</li>
          ))}
      </ul>
    );
  }

  /** How long the toast with `text` is shown, in whole seconds. */
  async function lifetime(raise: () => void, text: string) {
    vi.useFakeTimers();
    render(
      <>
        <AppToaster />
        <ShownToasts />
      </>,
    );
    act(raise);
    expect(screen.getByText(text)).toBeInTheDocument();
    const shown = screen.getByRole('list', { name: 'shown' });
    expect(within(shown).getAllByRole('listitem')).toHaveLength(1);
    let seconds = 0;
    while (within(shown).queryAllByRole('listitem').length > 0 && seconds < 10) {
      await act(() => vi.advanceTimersByTimeAsync(1000));
      seconds += 1;
    }
    return seconds;
  }

  it('keeps a success 4 s', async () => {
    expect(await lifetime(() => notify.success('Link Status Updated'), 'Link Status Updated')).toBe(4);
  });
  it('keeps a failure 5 s, with its title and message', async () => {
    const seconds = await lifetime(
      () => notify.error('Status Update Failed', 'Link not found'),
      'Status Update Failed',
    );
    expect(seconds).toBe(5);
    expect(screen.getByText('Link not found')).toBeInTheDocument();
  });
  it('keeps any other toast 3 s', async () => {
    expect(await lifetime(() => notify.info('Copied!'), 'Copied!')).toBe(3);
  });
});
