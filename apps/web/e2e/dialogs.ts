import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Waits for the generic message dialog (spec §2) with `title`, and checks its body says `body`. */
export async function expectMessageDialog(page: Page, title: string, body: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name: title, exact: true }).waitFor();
  expect(await dialog.textContent()).toContain(body);
}

/** Closes the open dialog with its Close button and waits until it is gone. */
export async function closeMessageDialog(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'detached' });
}
