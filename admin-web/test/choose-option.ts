import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Opens a select (components/select.tsx) with a click and clicks the option with this text. */
export async function chooseOption(user: UserEvent, select: HTMLElement, option: string | RegExp) {
  await user.click(select);
  const listbox = await screen.findByRole('listbox');
  await user.click(await within(listbox).findByRole('option', { name: option }));
}

/** The option texts a select offers, read by opening it and closing it again with Escape. */
export async function optionTexts(user: UserEvent, select: HTMLElement): Promise<string[]> {
  await user.click(select);
  const listbox = await screen.findByRole('listbox');
  const texts = within(listbox)
    .getAllByRole('option')
    .map((o) => o.textContent ?? '');
  await user.keyboard('{Escape}');
  return texts;
}
