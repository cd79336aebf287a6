import type { Locator, Page } from 'playwright-core';

/** The console's select (a combobox) with this accessible name. */
export const selectNamed = (scope: Page | Locator, name: string) =>
  scope.getByRole('combobox', { name, exact: true });

/** Opens a select with a click and clicks the option with this text, as an admin does. */
export async function chooseOption(select: Locator, option: string) {
  await select.click();
  await select.page().getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
}
