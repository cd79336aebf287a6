import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Select, type SelectOption } from '../src/components/select.tsx';

const SHOWS: SelectOption[] = [
  { value: '', label: 'All Shows' },
  { value: 'below-deck', label: 'Below Deck' },
  { value: 'summer-house', label: 'Summer House' },
  { value: 'vanderpump', label: 'Vanderpump Rules' },
];

function LabelledSelect({ initial, onChange }: { initial: string; onChange(value: string): void }) {
  const [value, setValue] = useState(initial);
  return (
    <label htmlFor="show">
      Show
      <Select
        id="show"
        value={value}
        options={SHOWS}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
    </label>
  );
}

describe('Select', () => {
  it('is a combobox named by its label that shows the chosen option in words', () => {
    render(<LabelledSelect initial="summer-house" onChange={() => {}} />);
    expect(screen.getByRole('combobox', { name: 'Show' })).toHaveTextContent('Summer House');
  });

  it('picks with the keyboard: opens on Enter, jumps to the option typed, Enter chooses', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<LabelledSelect initial="" onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Show' });
    expect(select).toHaveTextContent('All Shows');
    select.focus();
    await user.keyboard('{Enter}');
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(SHOWS.map((s) => s.label));
    await user.keyboard('v');
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('vanderpump');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(select).toHaveTextContent('Vanderpump Rules');
    expect(select).toHaveFocus();
  });

  it("gives back '' for the option that stands for every value, and closes on Escape without a change", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<LabelledSelect initial="below-deck" onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Show' });
    await user.click(select);
    await user.keyboard('{Escape}');
    expect(onChange).not.toHaveBeenCalled();
    await user.click(select);
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'All Shows' }));
    expect(onChange).toHaveBeenLastCalledWith('');
  });

  it('shows a value it does not offer as it is (a value from the address)', () => {
    render(<Select aria-label="Show" value="old-show" options={SHOWS} onChange={() => {}} />);
    expect(screen.getByRole('combobox', { name: 'Show' })).toHaveTextContent('old-show');
  });
});
